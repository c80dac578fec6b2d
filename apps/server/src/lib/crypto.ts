import crypto from 'node:crypto';

/** AES-256-GCM for secrets we must be able to read back (bank access tokens). Format: v1.iv.tag.ciphertext */
export type Cipher = { encrypt: (plain: string) => string; decrypt: (sealed: string) => string };

export function createCipher(keyMaterial: string): Cipher {
  // Any length of key material from env becomes exactly 32 bytes.
  const key = crypto.createHash('sha256').update(keyMaterial).digest();
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable sealed value');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
