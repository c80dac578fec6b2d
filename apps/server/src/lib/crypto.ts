import crypto from 'node:crypto';

/** AES-256-GCM for secrets we must be able to read back (bank access tokens). Format: v1.iv.tag.ciphertext */
export type Cipher = { encrypt: (plain: string) => string; decrypt: (sealed: string) => string };

const TAG_BYTES = 16;

export function createCipher(keyMaterial: string): Cipher {
  // Any length of key material from env becomes exactly 32 bytes.
  const key = crypto.createHash('sha256').update(keyMaterial).digest();
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      const authTag = Buffer.from(tag ?? '', 'base64url');
      // A short tag would let a forger try far fewer guesses: only the full 16 bytes are accepted.
      if (version !== 'v1' || !iv || authTag.length !== TAG_BYTES || body === undefined)
        throw new Error('Unreadable sealed value');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(authTag);
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
