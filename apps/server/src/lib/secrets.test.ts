import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureSecret, prepareDataDir } from './secrets';

let root: string;
let mask: number;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-secrets-'));
  mask = process.umask(0o022);
});
afterEach(() => {
  process.umask(mask);
  fs.rmSync(root, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('prepareDataDir', () => {
  it('makes the data directory and every file created in it afterwards owner-only, even under umask 022', () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    prepareDataDir(dataDir);
    fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '17');
    fs.mkdirSync(path.join(dataDir, 'base'));
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'PG_VERSION'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'base'))).toBe(0o700);
  });
});

describe('ensureSecret', () => {
  it('generates a secret once, owner-only, and reads the same one back', () => {
    const first = ensureSecret(root, 'jwt-secret', undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(modeOf(path.join(root, 'secrets', 'jwt-secret'))).toBe(0o600);
    expect(ensureSecret(root, 'jwt-secret', undefined)).toBe(first);
  });

  it('prefers the environment', () => {
    expect(ensureSecret(root, 'jwt-secret', 'x'.repeat(40))).toBe('x'.repeat(40));
  });

  it.each([
    ['empty', ''],
    ['short', 'abc123'],
  ])('refuses an %s key file instead of using it', (_case, content) => {
    fs.mkdirSync(path.join(root, 'secrets'));
    fs.writeFileSync(path.join(root, 'secrets', 'token-encryption-key'), content);
    expect(() => ensureSecret(root, 'token-encryption-key', undefined)).toThrow(/shorter than 32/);
  });
});
