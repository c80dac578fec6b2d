import crypto from 'node:crypto';

/**
 * What a sealed value belongs to, such as the key of the row that stores it (`{ userId, itemId }`). It is
 * authenticated with the value (AES-GCM associated data), so the value opens only where it was sealed:
 * a ciphertext copied into another row, or given another row's key, fails like a tampered one.
 */
export type SealContext = Readonly<Record<string, string>>;

/**
 * AES-256-GCM for secrets we must be able to read back (bank access tokens).
 * Format: v2.iv.tag.ciphertext, sealed with its context. `decrypt` opens only that format: a v1 value
 * (the same, without a context) opens in any row, so someone able to write the database could copy one
 * from a backup into another person's row. Values stored before contexts existed are read once, by
 * `decryptLegacy`, when they are sealed again at start (features/accounts/reseal-tokens.ts), and nowhere else.
 */
export type Cipher = {
  encrypt: (plain: string, context: SealContext) => string;
  decrypt: (sealed: string, context: SealContext) => string;
  /** Opens a v1 value (no context) and nothing else; only for sealing it again, bound to its row. */
  decryptLegacy: (sealed: string) => string;
  /**
   * A keyed hash (HMAC-SHA-256) of a value that is checked, never read back (a recovery code): without the
   * key, a copy of the database cannot be searched for the values. Bound to its context like a sealed one.
   */
  digest: (value: string, context: SealContext) => string;
};

const TAG_BYTES = 16;
const VERSION = 'v2';
/** Sealed without a context; read only by decryptLegacy. A v2 value relabelled v1 does not open: its tag covers the context. */
const LEGACY_VERSION = 'v1';

/** One byte string per context, whatever order its fields were written in. */
function associatedData(context: SealContext): Buffer {
  const fields = Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // An empty context would bind the value to nothing, silently: refuse it.
  if (fields.length === 0) throw new Error('A sealed value needs a context');
  return Buffer.from(JSON.stringify(fields), 'utf8');
}

/** Opens a value of exactly `version`: v2 with its context, v1 without one. Anything else is refused. */
function open(
  key: Buffer,
  version: typeof VERSION | typeof LEGACY_VERSION,
  sealed: string,
  context?: SealContext,
) {
  const [found, iv, tag, body] = sealed.split('.');
  const authTag = Buffer.from(tag ?? '', 'base64url');
  // A short tag would let a forger try far fewer guesses: only the full 16 bytes are accepted.
  if (found !== version || !iv || authTag.length !== TAG_BYTES || body === undefined)
    throw new Error('Unreadable sealed value');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  // v2 always carries its context: a missing one is refused like an empty one, never skipped.
  if (version === VERSION) decipher.setAAD(associatedData(context ?? {}));
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export function createCipher(keyMaterial: string): Cipher {
  // Any length of key material from env becomes exactly 32 bytes.
  const key = crypto.createHash('sha256').update(keyMaterial).digest();
  return {
    encrypt(plain, context) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(associatedData(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed, context) {
      return open(key, VERSION, sealed, context);
    },
    decryptLegacy(sealed) {
      return open(key, LEGACY_VERSION, sealed);
    },
    digest(value, context) {
      return crypto
        .createHmac('sha256', key)
        .update(associatedData(context))
        .update('\0')
        .update(value, 'utf8')
        .digest('base64url');
    },
  };
}

/** How a value sealed in the old format, without a context, starts: such values should be sealed again. */
export const LEGACY_SEALED_PREFIX = `${LEGACY_VERSION}.`;
