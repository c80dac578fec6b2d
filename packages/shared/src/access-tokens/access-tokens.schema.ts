import { z } from 'zod';
import { confirmPersonBody } from '../auth/auth.schema';

/**
 * Personal access tokens (Settings → Connected apps): a script or an app of the person's own reads their
 * Tally data with one, sent as `Authorization: Bearer tly_…`. A token reads only: anything else it asks is
 * refused. Its secret is shown once, when it is made; the server keeps only its SHA-256.
 */
export const ACCESS_TOKEN_PREFIX = 'tly_';
/** How many tokens a person may hold at once. */
export const ACCESS_TOKENS_MAX = 10;
export const ACCESS_TOKEN_NAME_MAX = 60;
/** The lifetimes offered, in days; null: until revoked. */
export const ACCESS_TOKEN_LIFETIMES = [30, 90, 365, null] as const;

export const accessTokenScope = z.enum(['read']);
export type AccessTokenScope = z.infer<typeof accessTokenScope>;

/** A token as Settings lists it: never its secret, only the first characters that tell it apart. */
export const accessToken = z.object({
  id: z.string(),
  name: z.string(),
  scope: accessTokenScope,
  /** `tly_` and the secret's first four characters. */
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessToken>;
export const accessTokenList = z.object({ tokens: z.array(accessToken) });

/**
 * POST /access-tokens. A token outlasts the session that makes it, so making one asks for the person (the
 * password when the account has one, and a code with two-factor sign-in on), as adding a passkey does.
 */
export const createAccessTokenBody = confirmPersonBody.extend({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(ACCESS_TOKEN_NAME_MAX, `A token's name is at most ${ACCESS_TOKEN_NAME_MAX} characters`),
  scope: accessTokenScope.default('read'),
  expiresInDays: z
    .union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
      error: 'Choose how long the token lasts: 30, 90 or 365 days, or until revoked',
    })
    .default(90),
});
export type CreateAccessTokenBody = z.input<typeof createAccessTokenBody>;

/** What creating a token answers: the token as listed, and its secret, shown this once. */
export const createdAccessToken = z.object({ token: accessToken, secret: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessToken>;
