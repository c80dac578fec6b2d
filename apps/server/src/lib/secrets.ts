import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret from env, or one generated once into DATA_DIR (mode 0600) so a fresh clone needs no set-up
 * and restarts keep sessions and encrypted tokens readable.
 */
export function ensureSecret(dataDir: string, name: string, fromEnv: string | undefined, bytes = 48): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secrets', name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(bytes).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
