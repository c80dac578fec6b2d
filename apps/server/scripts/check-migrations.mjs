// Fails when src/db/schema.ts and the migrations disagree: drizzle-kit generates against a copy of the
// migrations, which must find nothing to write, and checks the copy's snapshots are consistent. A schema
// change without its migration (or a migration edited by hand away from its snapshot) stops lint.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-migrations-'));
try {
  fs.cpSync(path.join(server, 'src/db/migrations'), path.join(copy, 'migrations'), { recursive: true });
  // drizzle-kit reads `out` relative to the working directory.
  const out = path.relative(server, path.join(copy, 'migrations'));
  const config = path.join(copy, 'drizzle.config.mjs');
  fs.writeFileSync(
    config,
    `export default ${JSON.stringify({ dialect: 'postgresql', schema: './src/db/schema.ts', out })};\n`,
  );
  const kit = (command) =>
    execFileSync(path.join(server, '../../node_modules/.bin/drizzle-kit'), [command, '--config', config], {
      cwd: server,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const generated = kit('generate');
  if (!generated.includes('No schema changes')) {
    const written = fs.readdirSync(path.join(copy, 'migrations')).filter((f) => f.endsWith('.sql'));
    console.error(
      'src/db/schema.ts and the migrations disagree: `npm run db:generate` would write a migration.\n' +
        generated.split('\n').slice(-12).join('\n') +
        `\n(${written.length} migration files after generating)`,
    );
    process.exit(1);
  }
  kit('check');
  console.log('✔ the schema and the migrations agree');
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
