import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { writeOnce } from '../../lib/secrets';

/** The server's VAPID key pair (base64url), which push services use to know the sender. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** A browser's push subscription as stored. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** sent: the push service took it; gone: the subscription no longer exists (404/410), forget it. */
export type PushOutcome =
  | { status: 'sent' }
  | { status: 'gone' }
  /** retry: nothing reached the service, or it asked to be tried later (429, 5xx); a timeout may have. */
  | { status: 'failed'; reason: string; retry: boolean };

export type PushSender = {
  publicKey: string;
  send: (target: PushTarget, payload: string) => Promise<PushOutcome>;
};

/**
 * The push services browsers subscribe through, the only hosts the server posts to (on 443): Chrome and
 * the other Chromium browsers (Firebase Cloud Messaging), Firefox (Mozilla's autopush), Edge (Windows
 * Push Notification Services) and Safari (Apple's). Any other endpoint would let a person make the server
 * post wherever they like, their own network included.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

export const PUSH_ENDPOINT_MESSAGE =
  "Push endpoint must be a browser's push service (Chrome, Firefox, Edge or Safari)";

const hostAllowed = (host: string) =>
  PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) : host === h));

/**
 * Whether an endpoint is a browser push service's: https on the default port, no credentials, one of
 * PUSH_SERVICE_HOSTS. `extraOrigins` (exact origins) is for tests' local push service only; the app is
 * given none unless a test asks.
 */
export function isPushServiceEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && hostAllowed(url.hostname);
}

/** Why a subscription's keys can't be encrypted to, or null: p256dh a P-256 public point, auth 16 bytes. */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = Buffer.from(keys.p256dh, 'base64url');
  const valid = (() => {
    if (point.length !== 65 || point[0] !== 0x04) return false;
    try {
      // Throws unless it is a point on the curve.
      crypto.ECDH.convertKey(point, 'prime256v1');
      return true;
    } catch {
      return false;
    }
  })();
  if (!valid) return 'p256dh key must be an uncompressed P-256 public key (65 bytes)';
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return 'auth secret must be 16 bytes';
  return null;
}

/** Push services keep an undelivered message this long (seconds) for a browser that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * The VAPID keys, generated once into DATA_DIR/secrets/vapid-keys.json (mode 0600) like the other
 * secrets: keeping them keeps every browser's subscription valid across restarts, as subscriptions are
 * bound to the public key they were made with.
 */
export function ensureVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'secrets', 'vapid-keys.json');
  if (fs.existsSync(file)) {
    const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
      throw new Error(
        `${file} lacks publicKey or privateKey; restore it from a backup, or delete it to generate new keys (browsers then subscribe again).`,
      );
    }
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Servers starting together on one DATA_DIR all keep the keys the first of them wrote.
  const keys = JSON.parse(writeOnce(file, JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * Web Push through the `web-push` library: it encrypts the payload (aes128gcm, RFC 8291) and signs the
 * VAPID claim; the request itself goes out with fetch, with a time limit, and its answer is read here.
 */
export function createPushSender({ keys, subject }: { keys: VapidKeys; subject: string }): PushSender {
  return {
    publicKey: keys.publicKey,
    send: async (target, payload) => {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
          },
        );
      } catch {
        // Keys nothing can be encrypted to (stored before they were checked): no message ever reaches it.
        return { status: 'gone' };
      }
      let res: Response;
      try {
        res = await fetch(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(
            Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
          ) as Record<string, string>,
          body: request.body ?? undefined,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          redirect: 'error',
        });
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'network error';
        return { status: 'failed', reason, retry: reason !== 'TimeoutError' && reason !== 'AbortError' };
      }
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) return { status: 'gone' };
      if (!res.ok)
        return {
          status: 'failed',
          reason: `push service answered ${res.status}`,
          retry: res.status === 429 || res.status >= 500,
        };
      return { status: 'sent' };
    },
  };
}
