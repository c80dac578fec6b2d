import crypto from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/** The client id every test app is configured with (see testConfig). */
export const TEST_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';
export const GOOGLE_ISSUER = 'https://accounts.google.com';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export type GoogleClaims = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
};

export type SignOptions = {
  issuer?: string;
  audience?: string;
  /** Seconds since the epoch; defaults to an hour from now. */
  expiresAt?: number;
  /** Seconds since the epoch; defaults to now. */
  issuedAt?: number;
  /** Sign with a key Google never published (same kid), as a forger would. */
  forged?: boolean;
};

/** A stand-in for Google: serves a JWKS on 127.0.0.1 and signs ID tokens with the matching private key. */
export type FakeGoogle = {
  jwksUrl: string;
  sign: (claims: GoogleClaims, options?: SignOptions) => Promise<string>;
  close: () => Promise<void>;
};

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const kid = `test-${crypto.randomBytes(4).toString('hex')}`;
  const published = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const body = JSON.stringify({ keys: [jwk] });

  const server = http.createServer((req, res) => {
    if (req.url === '/certs') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Google did not get a TCP port');

  const sign = (claims: GoogleClaims, options: SignOptions = {}) =>
    signIdToken(options.forged ? forger.privateKey : published.privateKey, kid, claims, options);

  return {
    jwksUrl: `http://127.0.0.1:${address.port}/certs`,
    sign,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

async function signIdToken(key: SigningKey, kid: string, claims: GoogleClaims, options: SignOptions) {
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = { ...claims };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? GOOGLE_ISSUER)
    .setAudience(options.audience ?? TEST_GOOGLE_CLIENT_ID)
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(key);
}

let counter = 0;
/** A Google account nobody has used yet. */
export function aGoogleAccount(overrides: Partial<GoogleClaims> = {}): GoogleClaims {
  counter += 1;
  const id = `${counter}${crypto.randomBytes(4).toString('hex')}`;
  return {
    sub: `1000${id}`,
    email: `grace${id}@gmail.example`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    picture: `https://lh3.googleusercontent.com/a/photo-${id}`,
    ...overrides,
  };
}
