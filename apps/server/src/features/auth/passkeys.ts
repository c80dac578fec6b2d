import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AddPasskeyBody, Passkey, PasskeyLoginBody, WebauthnOptions } from '@tally/shared';
import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeys, users, webauthnChallenges } from '../../db/schema';
import type { UserRow } from '../../lib/auth';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: a person adds several, each named, and signs in with
 * any of them without a password or a code (the authenticator holds the key and verifies the person: both
 * factors; an answer without user verification is refused). They belong to this server's host
 * name (PUBLIC_URL's), as WebAuthn requires. Each challenge is kept in the database until its answer takes
 * it, so any server can check the answer and none can be replayed.
 */
export type PasskeyDeps = { db: Db; now: () => Date; publicUrl: string };

const CHALLENGE_TTL_MS = 5 * 60_000;
/** Passkeys a person may keep: plenty for every phone, laptop and key they own. */
const PASSKEYS_MAX = 20;

const party = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};

async function keepChallenge(deps: PasskeyDeps, userId: string | null, challenge: string): Promise<string> {
  const now = deps.now();
  // Challenges never answered go as new ones are handed out.
  await deps.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [row] = await deps.db
    .insert(webauthnChallenges)
    .values({ userId, challenge, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('challenge not kept');
  return row.id;
}

/** The challenge, used up; null when it is unknown, expired, or someone else's. */
async function takeChallenge(deps: PasskeyDeps, id: string, userId: string | null): Promise<string | null> {
  const [row] = await deps.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
        gt(webauthnChallenges.expiresAt, deps.now()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(deps: PasskeyDeps, user: UserRow): Promise<Passkey[]> {
  const rows = await deps.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

async function refuseOverLimit(deps: PasskeyDeps, user: UserRow, known?: number) {
  const held =
    known ??
    (await deps.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id)))[0]?.n ??
    0;
  if (held >= PASSKEYS_MAX) {
    throw conflict(`You have ${PASSKEYS_MAX} passkeys, the most an account keeps. Remove one first.`);
  }
}

/** What the browser needs to make a passkey for this person; the authenticators they have are excluded. */
export async function registrationOptions(deps: PasskeyDeps, user: UserRow): Promise<WebauthnOptions> {
  const existing = await deps.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  await refuseOverLimit(deps, user, existing.length);
  const { rpID } = party(deps.publicUrl);
  const options = await generateRegistrationOptions({
    rpName: 'Tally',
    rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransport[],
    })),
    // A passkey proper: kept on the authenticator, so it signs in without the email being typed; and the
    // authenticator checks the person (fingerprint, face, PIN), which is what lets it stand for both factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { challengeId: await keepChallenge(deps, user.id, options.challenge), options: { ...options } };
}

const NOT_CHECKED = "The passkey couldn't be checked. Please try again.";

export async function addPasskey(deps: PasskeyDeps, user: UserRow, body: AddPasskeyBody): Promise<Passkey> {
  const challenge = await takeChallenge(deps, body.challengeId, user.id);
  if (!challenge) throw badRequest('This request has expired. Try adding the passkey again.');
  // Checked again here: several requests for options may have been open at once.
  await refuseOverLimit(deps, user);
  const { rpID, origin } = party(deps.publicUrl);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: body.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw badRequest(NOT_CHECKED);
  }
  if (!verified.verified) throw badRequest(NOT_CHECKED);
  const { credential } = verified.registrationInfo;
  const [row] = await deps.db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: body.name,
      createdAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('This passkey is already added.');
  return toPasskey(row);
}

export async function renamePasskey(
  deps: PasskeyDeps,
  user: UserRow,
  id: string,
  name: string,
): Promise<Passkey> {
  const [row] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning();
  if (!row) throw notFound('Passkey not found');
  return toPasskey(row);
}

export async function removePasskey(deps: PasskeyDeps, user: UserRow, id: string): Promise<void> {
  const gone = await deps.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning({ id: passkeys.id });
  if (gone.length === 0) throw notFound('Passkey not found');
}

/** A sign-in with any passkey kept on the device: nobody is named until the answer says whose it is. */
export async function signInOptions(deps: PasskeyDeps): Promise<WebauthnOptions> {
  const options = await generateAuthenticationOptions({
    rpID: party(deps.publicUrl).rpID,
    userVerification: 'required',
  });
  return { challengeId: await keepChallenge(deps, null, options.challenge), options: { ...options } };
}

const NOT_SIGNED_IN = "That passkey didn't sign you in. Try again, or sign in with your password.";

/** The person whose passkey signed the challenge; its counter moves on, so a cloned key shows. */
export async function passkeySignIn(deps: PasskeyDeps, body: PasskeyLoginBody): Promise<UserRow> {
  const challenge = await takeChallenge(deps, body.challengeId, null);
  if (!challenge) throw badRequest('This sign-in has expired. Try again.');
  const [found] = await deps.db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, body.response.id));
  if (!found) {
    throw unauthorized(
      'This passkey is not known here. Sign in with your password, then add it in Settings.',
    );
  }
  const { rpID, origin } = party(deps.publicUrl);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: body.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: found.passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(found.passkey.publicKey, 'base64url')),
        counter: found.passkey.counter,
        transports: found.passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
  } catch {
    throw unauthorized(NOT_SIGNED_IN);
  }
  if (!verified.verified) throw unauthorized(NOT_SIGNED_IN);
  // Only over the counter as it was read: of two answers racing with one count, the second is refused.
  const { newCounter } = verified.authenticationInfo;
  const moved = await deps.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: deps.now() })
    .where(
      and(
        eq(passkeys.id, found.passkey.id),
        newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
      ),
    )
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw unauthorized(NOT_SIGNED_IN);
  return found.user;
}
