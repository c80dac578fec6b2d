import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a push service received: the request as web-push made it. */
export type PushRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager makes them. */
export type Subscriber = {
  endpoint: string;
  ecdh: crypto.ECDH;
  p256dh: string;
  auth: string;
};

/**
 * A local stand-in for a browser vendor's push service: records each request and answers 201, or the
 * status set for an endpoint's path (410 for a subscription that is gone).
 */
export async function startFakePush() {
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  /** Paths whose answer waits until released (a slow push service), with the answers waiting. */
  const held = new Map<string, Array<() => void>>();
  const abandoned = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      const waiting = held.get(path);
      if (waiting) {
        // A sender that gives up (its time limit) closes the connection before the answer.
        res.on('close', () => {
          if (!res.writableEnded) abandoned.add(path);
        });
        waiting.push(() => res.end());
      } else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    origin,
    requests,
    /** The status the service answers for this subscriber's endpoint from now on. */
    answer: (subscriber: Subscriber, status: number) =>
      statuses.set(new URL(subscriber.endpoint).pathname, status),
    /**
     * The service answers this subscriber's pushes only once release() is called; abandoned() tells
     * whether a sender gave up waiting for an answer.
     */
    hold: (subscriber: Subscriber) => {
      const path = new URL(subscriber.endpoint).pathname;
      held.set(path, []);
      return {
        abandoned: () => abandoned.has(path),
        release: () => {
          for (const answer of held.get(path) ?? []) answer();
          held.delete(path);
        },
      };
    },
    subscriber: (): Subscriber => {
      n += 1;
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `${origin}/push/${n}-${crypto.randomBytes(4).toString('hex')}`,
        ecdh,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: crypto.randomBytes(16).toString('base64url'),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const waiting of held.values()) for (const answer of waiting) answer();
        server.close(() => resolve());
      }),
  };
}
export type FakePush = Awaited<ReturnType<typeof startFakePush>>;

/**
 * Decrypts an aes128gcm push message (RFC 8188 framing, RFC 8291 keys) as the browser would, with the
 * subscriber's private key and auth secret.
 */
export function decryptPush(body: Buffer, subscriber: Subscriber): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = subscriber.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscriber.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(
    crypto.hkdfSync('sha256', shared, Buffer.from(subscriber.auth, 'base64url'), keyInfo, 32),
  );
  const key = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}
