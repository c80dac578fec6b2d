import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Shorter than this, a key or secret is refused: a truncated file must not become a guessable key. */
export const MIN_SECRET_LENGTH = 32;

/**
 * DATA_DIR holds the embedded database and the generated keys: only its owner may read it. The mask
 * makes every file created later (the database's own included) owner-only, whatever the shell's umask.
 */
export function prepareDataDir(dataDir: string) {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
}

/**
 * A secret from env, or one generated once into DATA_DIR (mode 0600) so a fresh clone needs no set-up
 * and restarts keep sessions and encrypted tokens readable.
 */
export function ensureSecret(dataDir: string, name: string, fromEnv: string | undefined, bytes = 48): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secrets', name);
  if (fs.existsSync(file)) {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `${file} is empty or shorter than ${MIN_SECRET_LENGTH} characters; restore it from a backup, or delete it to generate a new one (sessions or bank links sealed with the old one stop working).`,
      );
    }
    return secret;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  return writeOnce(file, crypto.randomBytes(bytes).toString('base64url')).trim();
}

/**
 * Creates `file` (mode 0600) with the whole of `content` at once, unless it exists: then its content is
 * answered instead. Several servers starting together on one DATA_DIR thus all use the one that was written
 * first, and none reads a file half written (it is written aside, then linked into place).
 */
export function writeOnce(file: string, content: string): string {
  const aside = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
  fs.writeFileSync(aside, content, { mode: 0o600 });
  try {
    fs.linkSync(aside, file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8');
  } finally {
    fs.rmSync(aside, { force: true });
  }
}
