import { describe, expect, it } from 'vitest';
import { createCipher } from './crypto';

describe('createCipher', () => {
  const cipher = createCipher('a key from the environment');

  it('round-trips a secret and never shows it in the sealed form', () => {
    const sealed = cipher.encrypt('access-sandbox-1234');
    expect(sealed).not.toContain('access-sandbox');
    expect(cipher.decrypt(sealed)).toBe('access-sandbox-1234');
  });

  it('seals the same secret differently each time', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('rejects a tampered value and a value sealed with another key', () => {
    const sealed = cipher.encrypt('secret');
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other!').toString('base64url')].join('.');
    expect(() => cipher.decrypt(tampered)).toThrow();
    expect(() => createCipher('another key').decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt('garbage')).toThrow();
  });

  it('refuses a value whose authentication tag was cut short', () => {
    const [version, iv, tag, body] = cipher.encrypt('secret').split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => cipher.decrypt([version, iv, short, body].join('.'))).toThrow('Unreadable sealed value');
  });
});
