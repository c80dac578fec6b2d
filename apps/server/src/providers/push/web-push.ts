import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** The server's VAPID key pair (base64url), which push services use to know the sender. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** A browser's push subscription as stored. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** sent: the push service took it; gone: the subscription no longer exists (404/410), forget it. */
export type PushOutcome = { status: 'sent' } | { status: 'gone' } | { status: 'failed'; reason: string };

export type PushSender = {
  publicKey: string;
  send: (target: PushTarget, payload: string) => Promise<PushOutcome>;
};

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
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  return keys;
}

/**
 * Web Push through the `web-push` library: it encrypts the payload (aes128gcm, RFC 8291) and signs the
 * VAPID claim; the request itself goes out with fetch, with a time limit, and its answer is read here.
 */
export function createPushSender({ keys, subject }: { keys: VapidKeys; subject: string }): PushSender {
  return {
    publicKey: keys.publicKey,
    send: async (target, payload) => {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
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
        return { status: 'failed', reason: error instanceof Error ? error.name : 'network error' };
      }
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) return { status: 'gone' };
      if (!res.ok) return { status: 'failed', reason: `push service answered ${res.status}` };
      return { status: 'sent' };
    },
  };
}
