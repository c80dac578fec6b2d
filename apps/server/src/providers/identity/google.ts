import { createRemoteJWKSet, jwtVerify } from 'jose';

export type GoogleIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  pictureUrl: string | null;
};

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Verifies a Google ID token's signature (against the JWKS), issuer, audience and expiry.
 * Throws on anything wrong; the caller answers 401 without saying which check failed.
 */
export function googleVerifier(opts: { clientId: string | undefined; jwksUrl: string }): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl));
  return async (idToken) => {
    if (!opts.clientId) throw new Error('Google sign-in is not configured');
    const { payload } = await jwtVerify(idToken, jwks, { issuer: ISSUERS, audience: opts.clientId });
    const email = typeof payload.email === 'string' ? payload.email : '';
    if (!payload.sub || !email) throw new Error('Google token has no subject or email');
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      subject: payload.sub,
      email,
      emailVerified: payload.email_verified === true,
      firstName: str(payload.given_name) || str(payload.name).split(' ')[0] || '',
      lastName: str(payload.family_name),
      pictureUrl: str(payload.picture) || null,
    };
  };
}
