// `npm run backup` and `npm run restore -- FILE`: the embedded database's backups from a terminal.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { DirectoryInUse, isAlive, isNewEmbeddedDatabase, lockHolder, openDatabase } from './db/client';
import { BackupError, backupsDir, listBackups, makeBackup, restoreBackup } from './features/backups/backups';

const config = loadConfig();
// A backup asked for while this holds DATA_DIR (a restore) must not end it: Node would, unhandled.
process.on('SIGUSR2', () => {});
const [command, file] = process.argv.slice(2);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Asks the running server to back up, and waits for the backup to be finished (listed). */
async function backupByServer(pid: number) {
  const before = new Set(listBackups(config.dataDir));
  process.kill(pid, 'SIGUSR2');
  console.log(`Asked the running server (process ${pid}) to back up…`);
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const made = listBackups(config.dataDir).find((f) => !before.has(f));
    if (made) return made;
    if (!isAlive(pid)) fail('The server stopped before it had backed up: run npm run backup again.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fail("No backup appeared within 10 minutes: the server's log says why.");
}

async function backup() {
  const holder = lockHolder(config.dataDir);
  if (holder?.role === 'tool')
    fail(`A backup or restore is running (process ${holder.pid}): wait for it to end.`);
  if (holder) {
    const made = await backupByServer(holder.pid);
    console.log(`Backed up to ${made} (${megabytes(fs.statSync(made).size)}).`);
    return;
  }
  if (isNewEmbeddedDatabase(config)) fail(`Nothing to back up: there is no database in ${config.dataDir}.`);
  const database = await openDatabase({ ...config, role: 'tool' });
  try {
    const made = await makeBackup(database, { dataDir: config.dataDir, keep: config.backups.keep });
    console.log(`Backed up to ${made.file} (${megabytes(made.bytes)}).`);
  } finally {
    await database.close();
  }
}

async function restore() {
  if (!file) {
    const newest = listBackups(config.dataDir)[0];
    fail(
      `Name the backup to restore: npm run restore -- FILE${newest ? `\nThe newest in ${backupsDir(config.dataDir)} is ${newest}` : ''}`,
    );
  }
  const holder = lockHolder(config.dataDir);
  if (holder?.role === 'server') {
    fail(`Tally is running on ${config.dataDir} (process ${holder.pid}): stop it first, then restore.`);
  }
  // A path as typed where npm was run, not where this runs.
  const restored = await restoreBackup(path.resolve(process.env.INIT_CWD ?? '.', file), config.dataDir);
  console.log(
    `Restored ${file} into ${config.dataDir} (${restored.people} people, ${restored.transactions} transactions; checksum ${restored.checksum === 'matched' ? 'matched' : 'absent, the archive itself checked'}).`,
  );
  if (restored.kept)
    console.log(`The database it replaced is kept in ${restored.kept}; delete it once you are sure.`);
  console.log('Start Tally as usual (npm start).');
}

if (config.databaseUrl) {
  fail(
    'DATABASE_URL is set: back PostgreSQL up with its own tools, as the README shows (pg_dump --format=custom, then pg_restore).',
  );
}
try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore();
  else fail('Usage: npm run backup | npm run restore -- FILE');
} catch (err) {
  if (err instanceof BackupError || err instanceof DirectoryInUse) {
    fail(err.message);
  }
  throw err;
}
