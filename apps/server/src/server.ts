import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { resealLegacyTokens } from './features/accounts/reseal-tokens';
import { createCipher } from './lib/crypto';
import { createLogger } from './lib/logger';
import { ensureSecret, prepareDataDir } from './lib/secrets';

const config = loadConfig();
const log = createLogger(config);
prepareDataDir(config.dataDir);
const database = await openDatabase({ ...config, log });
await database.migrate();
const jwtSecret = ensureSecret(config.dataDir, 'jwt-secret', config.jwtSecret);
const tokenEncryptionKey = ensureSecret(config.dataDir, 'token-encryption-key', config.tokenEncryptionKey);
await resealLegacyTokens({ db: database.db, cipher: createCipher(tokenEncryptionKey), log });
const app = await buildApp({ config, database, jwtSecret, tokenEncryptionKey, log });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Tally is running at http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ${config.plaid ? 'Plaid' : 'demo bank'})`,
);
