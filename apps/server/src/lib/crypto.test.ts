import { describe, expect, it } from 'vitest';
import { sealLegacy } from '../../test/legacy-seal';
import { createCipher, LEGACY_SEALED_PREFIX } from './crypto';

const keyMaterial = 'a key from the environment';

describe('createCipher', () => {
  const cipher = createCipher(keyMaterial);
  const alicesRow = { userId: '2b0c6c2e-1111-4d7a-9a55-000000000001', itemId: 'item-alice' };
  const bobsRow = { userId: '2b0c6c2e-2222-4d7a-9a55-000000000002', itemId: 'item-bob' };

  it('round-trips a secret and never shows it in the sealed form', () => {
    const sealed = cipher.encrypt('access-sandbox-1234', alicesRow);
    expect(sealed).not.toContain('access-sandbox');
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(cipher.decrypt(sealed, alicesRow)).toBe('access-sandbox-1234');
  });

  it('seals the same secret differently each time', () => {
    expect(cipher.encrypt('same', alicesRow)).not.toBe(cipher.encrypt('same', alicesRow));
  });

  it('rejects a tampered value and a value sealed with another key', () => {
    const sealed = cipher.encrypt('secret', alicesRow);
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other!').toString('base64url')].join('.');
    expect(() => cipher.decrypt(tampered, alicesRow)).toThrow();
    expect(() => createCipher('another key').decrypt(sealed, alicesRow)).toThrow();
    expect(() => cipher.decrypt('garbage', alicesRow)).toThrow();
  });

  it('refuses a value whose authentication tag was cut short', () => {
    const [version, iv, tag, body] = cipher.encrypt('secret', alicesRow).split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => cipher.decrypt([version, iv, short, body].join('.'), alicesRow)).toThrow(
      'Unreadable sealed value',
    );
  });

  it('does not open a value copied into another row: swapped between two rows, neither opens', () => {
    const alices = cipher.encrypt('access-alice', alicesRow);
    const bobs = cipher.encrypt('access-bob', bobsRow);
    expect(() => cipher.decrypt(alices, bobsRow)).toThrow();
    expect(() => cipher.decrypt(bobs, alicesRow)).toThrow();
  });

  it.each([
    ['another user', { ...alicesRow, userId: bobsRow.userId }],
    ['another item', { ...alicesRow, itemId: 'item-alice-2' }],
    ['a field more', { ...alicesRow, connectionId: 'c1' }],
    ['a field less', { userId: alicesRow.userId }],
    ['the values moved between fields', { userId: alicesRow.itemId, itemId: alicesRow.userId }],
    ['a separator moved between values', { userId: `${alicesRow.userId}.item`, itemId: '-alice' }],
  ])('rejects a value opened with a tampered context: %s', (_, context) => {
    const sealed = cipher.encrypt('secret', alicesRow);
    expect(() => cipher.decrypt(sealed, context)).toThrow();
  });

  it('reads a context the same whatever order its fields are written in', () => {
    const sealed = cipher.encrypt('secret', { userId: 'u', itemId: 'i' });
    expect(cipher.decrypt(sealed, { itemId: 'i', userId: 'u' })).toBe('secret');
  });

  it('refuses an empty context, which would bind the value to nothing', () => {
    expect(() => cipher.encrypt('secret', {})).toThrow('A sealed value needs a context');
  });

  it('refuses a value sealed in the old format, without a context: it would open in any row', () => {
    const old = sealLegacy('access-sandbox-old', keyMaterial);
    expect(old.startsWith(LEGACY_SEALED_PREFIX)).toBe(true);
    expect(() => cipher.decrypt(old, alicesRow)).toThrow('Unreadable sealed value');
    expect(() => cipher.decrypt(old, bobsRow)).toThrow('Unreadable sealed value');
  });

  it('opens an old-format value only through decryptLegacy, which opens nothing else', () => {
    const old = sealLegacy('access-sandbox-old', keyMaterial);
    expect(cipher.decryptLegacy(old)).toBe('access-sandbox-old');
    expect(() => createCipher('another key').decryptLegacy(old)).toThrow();
    const sealed = cipher.encrypt('secret', alicesRow);
    expect(sealed.startsWith(LEGACY_SEALED_PREFIX)).toBe(false);
    // A bound value never opens without its context, whichever way it is asked.
    expect(() => cipher.decryptLegacy(sealed)).toThrow('Unreadable sealed value');
  });

  it('does not open a new value relabelled as the old format to skip its context', () => {
    const [, ...rest] = cipher.encrypt('secret', alicesRow).split('.');
    expect(() => cipher.decrypt(['v1', ...rest].join('.'), alicesRow)).toThrow();
    expect(() => cipher.decrypt(['v1', ...rest].join('.'), bobsRow)).toThrow();
    expect(() => cipher.decryptLegacy(['v1', ...rest].join('.'))).toThrow();
  });

  it('digests with the key and the context: the same value under another key or context differs', () => {
    const context = { userId: 'u1', purpose: 'recovery-code' };
    const digest = cipher.digest('abcde-fghjk', context);
    expect(cipher.digest('abcde-fghjk', context)).toBe(digest);
    expect(digest).not.toContain('abcde');
    expect(cipher.digest('abcde-fghjk', { ...context, userId: 'u2' })).not.toBe(digest);
    expect(createCipher(`${keyMaterial}x`).digest('abcde-fghjk', context)).not.toBe(digest);
    expect(() => cipher.digest('abcde-fghjk', {})).toThrow();
  });
});
