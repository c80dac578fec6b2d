import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { buildApp } from './app';
import { loadConfig } from './config';
import { isNewEmbeddedDatabase, openDatabase } from './db/client';
import { releaseEveryHistorySync } from './features/accounts/accounts.queries';
import { resealLegacyTokens } from './features/accounts/reseal-tokens';
import { backupNow } from './features/backups/backups';
import { requeueJobsOfEndedProcess } from './jobs/queue';
import { createCipher } from './lib/crypto';
import { createLogger } from './lib/logger';
import { ensureSecret, prepareDataDir } from './lib/secrets';

/**
 * How long a stopping server lets the requests already in it finish. The longest is a streamed advisor
 * answer (the model has 30 s); whatever is still open after this is cut when the app closes.
 */
const DRAIN_TIMEOUT_MS = 35_000;

/** Set for the process that makes a new embedded database; it exits once the database is migrated. */
const MAKING_DATABASE = 'TALLY_MAKING_DATABASE';

const config = loadConfig();
const log = createLogger(config);
// `npm run backup` while the server runs signals the process that holds DATA_DIR. Node would end a process
// on a signal it does not handle, so it is handled from the start, and a backup asked for before the
// database is open is taken once it is.
let backUp: (() => void) | undefined;
let backupAsked = false;
process.on('SIGUSR2', () => {
  if (backUp) backUp();
  else backupAsked = true;
});
prepareDataDir(config.dataDir);
// Making a new embedded database (initdb and every migration) leaves ~90 MB of freed memory that the process
// keeps for its life, so a process of its own makes it, and this one opens it as on any later start.
if (!process.env[MAKING_DATABASE] && isNewEmbeddedDatabase(config)) {
  log.info(`making a new database in ${config.dataDir}`);
  const made = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [MAKING_DATABASE]: '1' },
    stdio: 'inherit',
  });
  if (made.status !== 0) process.exit(made.status ?? 1);
}
const database = await openDatabase({ ...config, log });
await database.migrate();
if (process.env[MAKING_DATABASE]) {
  await database.close();
  process.exit(0);
}
const jwtSecret = ensureSecret(config.dataDir, 'jwt-secret', config.jwtSecret);
const tokenEncryptionKey = ensureSecret(config.dataDir, 'token-encryption-key', config.tokenEncryptionKey);
await resealLegacyTokens({ db: database.db, cipher: createCipher(tokenEncryptionKey), log });
if (database.kind === 'pglite') {
  // This process alone opens the embedded database (its lock file): whatever an earlier process was
  // working on when it ended is nobody's now, and is taken up again at once, a bank's history included.
  const requeued = await requeueJobsOfEndedProcess(database);
  await releaseEveryHistorySync(database.db, { now: new Date() });
  if (requeued > 0) log.info({ jobs: requeued }, 'jobs cut off when the app last stopped run again');
}
const app = await buildApp({ config, database, jwtSecret, tokenEncryptionKey, log });

/**
 * Stops taking connections at once, so a load balancer's next attempt goes to another server (a refused
 * connection is retried even for a POST), while the requests already in this one finish: a connection is
 * closed as soon as it has no request in flight. Resolves when none is left, or after timeoutMs.
 */
function drain(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearInterval(idle);
      clearTimeout(limit);
      resolve();
    };
    // close() closes the connections idle now; a keep-alive connection idle later is closed here.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const limit = setTimeout(done, timeoutMs);
    server.close(() => done());
  });
}

backUp = () => {
  if (!database.backupFiles)
    return app.log.warn('asked to back up: PostgreSQL is backed up with its own tools');
  backupNow({ database, log: app.log }, { dataDir: config.dataDir, keep: config.backups.keep }).catch(
    () => {},
  );
};
if (backupAsked) backUp();

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await drain(app.server, DRAIN_TIMEOUT_MS);
    app.log.info('requests finished; stopping background jobs');
    // The listener is closed already (Fastify takes that in its stride); the queue lets running jobs end.
    await app.close();
    await database.close();
    process.exit(0);
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Tally is running at http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ${config.plaid ? 'Plaid' : 'demo bank'})`,
);
