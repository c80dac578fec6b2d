import crypto from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import type { PlaidApi } from 'plaid';
import {
  callPlaid,
  createPlaidClient,
  type PlaidClient,
  type PlaidClientOptions,
  PlaidProviderError,
} from './plaid';

/** The header carrying Plaid's signature (lower-case, as Node and Fastify hand headers over). */
export const PLAID_VERIFICATION_HEADER = 'plaid-verification';

/** Plaid's rule: a webhook whose token was issued more than 5 minutes ago is rejected (bounds replays). */
export const PLAID_WEBHOOK_MAX_AGE_SECONDS = 5 * 60;

export type PlaidWebhookVerifier = {
  /**
   * True only when every check Plaid documents passes: an ES256 JWT in `header` with a `kid`, signed by a live
   * key from /webhook_verification_key/get, issued within 5 minutes of now (either side), whose
   * `request_body_sha256` equals the SHA-256 of the exact bytes received.
   *
   * Answers false for anything wrong with the request (missing, malformed, forged, stale or mismatched).
   * Throws PlaidProviderError only when Plaid could not be asked for the key (unreachable, 5xx, or this
   * minute's budget of lookups for unseen key ids is spent), so a caller can tell an outage from a forgery;
   * either way the webhook must not be acted on.
   */
  verify(rawBody: string | Uint8Array, header: string | string[] | undefined): Promise<boolean>;
};

/** Plaid's key ids are UUIDs; anything far from that shape is not worth a request. */
const KEY_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A key id Plaid did not know is not asked about again for this long. */
export const WEBHOOK_KEY_MISS_TTL_MS = 5 * 60_000;
/** At most this many lookups of unseen key ids per minute, whatever the kids: the rest wait for the next minute. */
export const WEBHOOK_KEY_LOOKUPS_PER_MINUTE = 10;
const LOOKUP_WINDOW_MS = 60_000;
/** A safety net only: the lookup budget already keeps misses to a few dozen. */
const MAX_REMEMBERED_MISSES = 1000;

type VerificationKey = { key: Awaited<ReturnType<typeof importJWK>>; expiredAt: number | null };

export function createPlaidWebhookVerifier(
  plaid: PlaidClient | PlaidClientOptions,
  options: { now?: () => Date } = {},
): PlaidWebhookVerifier {
  const client = typeof plaid === 'function' ? plaid : createPlaidClient(plaid);
  const now = options.now ?? (() => new Date());
  const keys = new Map<string, VerificationKey>();
  const loading = new Map<string, Promise<VerificationKey | null>>();
  const misses = new Map<string, number>();
  /** When each recent lookup of an unseen kid started, oldest first. */
  const lookups: number[] = [];

  /** Takes one lookup from this minute's budget; false when it is spent. */
  function takeLookup(at: number): boolean {
    while (lookups.length > 0 && at - (lookups[0] ?? at) >= LOOKUP_WINDOW_MS) lookups.shift();
    if (lookups.length >= WEBHOOK_KEY_LOOKUPS_PER_MINUTE) return false;
    lookups.push(at);
    return true;
  }

  function rememberMiss(kid: string, at: number) {
    misses.delete(kid);
    if (misses.size >= MAX_REMEMBERED_MISSES) {
      // Forget the oldest miss, not all of them, so a flood cannot wipe what is already known.
      const oldest = misses.keys().next().value;
      if (oldest !== undefined) misses.delete(oldest);
    }
    misses.set(kid, at);
  }

  async function fetchKey(kid: string): Promise<VerificationKey | null> {
    let response: Awaited<ReturnType<PlaidApi['webhookVerificationKeyGet']>>;
    try {
      response = await callPlaid(async () => (await client()).webhookVerificationKeyGet({ key_id: kid }));
    } catch (error) {
      if (isUnknownKeyError(error)) return null;
      throw error;
    }
    const { key } = response.data;
    if (key.kty !== 'EC' || key.crv !== 'P-256') return null;
    const imported = await importJWK({ kty: key.kty, crv: key.crv, x: key.x, y: key.y }, 'ES256');
    return { key: imported, expiredAt: key.expired_at };
  }

  /** One request per key id at a time, however many webhooks arrive together. */
  function load(kid: string): Promise<VerificationKey | null> {
    const pending = loading.get(kid);
    if (pending) return pending;
    const next = fetchKey(kid)
      .then((key) => {
        if (key) keys.set(kid, key);
        else keys.delete(kid);
        return key;
      })
      .finally(() => loading.delete(kid));
    loading.set(kid, next);
    return next;
  }

  async function keyFor(kid: string): Promise<VerificationKey | null> {
    const known = keys.get(kid);
    if (known) return known;
    const pending = loading.get(kid);
    if (pending) return pending;
    // Anyone can send made-up kids. A miss is remembered for some minutes, and unseen kids get a small
    // budget of lookups per minute, so no stream of requests turns into a stream of calls to Plaid.
    const at = now().getTime();
    const missedAt = misses.get(kid);
    if (missedAt !== undefined && at - missedAt < WEBHOOK_KEY_MISS_TTL_MS) return null;
    if (!takeLookup(at)) {
      // Not a verdict on the kid (Plaid may really have rotated): the webhook is refused unverified, and
      // Plaid's retry or the scheduled sync catches up once the minute is over.
      throw new PlaidProviderError({
        code: 'WEBHOOK_KEY_LOOKUPS_LIMITED',
        message: 'Too many unknown webhook key ids this minute; not asking Plaid',
      });
    }
    // An unseen kid may mean Plaid rotated keys: re-read the live ones we hold too, as Plaid's guide does,
    // so a key Plaid has since retired stops verifying.
    const live = [...keys].filter(([, key]) => key.expiredAt === null).map(([id]) => load(id));
    const [key] = await Promise.all([load(kid), ...live]);
    if (!key) rememberMiss(kid, at);
    return key ?? null;
  }

  return {
    async verify(rawBody, header) {
      if (typeof header !== 'string' || header === '') return false;
      let kid: string;
      try {
        const protectedHeader = decodeProtectedHeader(header);
        // Checked before any key lookup, so alg confusion (HS256 with the public key, "none") never gets a key.
        if (protectedHeader.alg !== 'ES256' || typeof protectedHeader.kid !== 'string') return false;
        if (!KEY_ID.test(protectedHeader.kid)) return false;
        kid = protectedHeader.kid;
      } catch {
        return false;
      }

      const key = await keyFor(kid);
      if (!key || key.expiredAt !== null) return false;

      const currentDate = now();
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(header, key.key, { algorithms: ['ES256'], currentDate }));
      } catch {
        return false;
      }
      if (!isFresh(claims.iat, currentDate)) return false;
      return bodyMatches(rawBody, claims.request_body_sha256);
    },
  };
}

/**
 * Plaid answers 4xx for a key id it never issued: a forged header, not an outage. Bad credentials and rate
 * limits are 4xx too, but they are our problem, so they throw rather than quietly reject every webhook.
 */
function isUnknownKeyError(error: unknown): boolean {
  return (
    error instanceof PlaidProviderError &&
    (error.status === 400 || error.status === 404) &&
    error.code !== 'INVALID_API_KEYS'
  );
}

function isFresh(iat: unknown, currentDate: Date): boolean {
  if (typeof iat !== 'number') return false;
  const age = currentDate.getTime() / 1000 - iat;
  return Math.abs(age) <= PLAID_WEBHOOK_MAX_AGE_SECONDS;
}

function bodyMatches(rawBody: string | Uint8Array, claimed: unknown): boolean {
  if (typeof claimed !== 'string') return false;
  const actual = Buffer.from(crypto.createHash('sha256').update(rawBody).digest('hex'));
  const expected = Buffer.from(claimed);
  // Constant-time, so the claimed hash can't be guessed byte by byte from response times.
  return expected.length === actual.length && crypto.timingSafeEqual(actual, expected);
}

export type PlaidWebhook = { webhookType: string; webhookCode: string; itemId: string | null };

/** The fields Tally acts on from a verified webhook body; null when it is not a Plaid webhook at all. */
export function parsePlaidWebhook(rawBody: string | Uint8Array): PlaidWebhook | null {
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const webhookType = Reflect.get(body, 'webhook_type');
  const webhookCode = Reflect.get(body, 'webhook_code');
  const itemId = Reflect.get(body, 'item_id');
  if (typeof webhookType !== 'string' || typeof webhookCode !== 'string') return null;
  return { webhookType, webhookCode, itemId: typeof itemId === 'string' ? itemId : null };
}
