import { randomUUID } from 'node:crypto';
import { deviceName, type NewNotification } from '@tally/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { Client } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { type DeliveryQueue, notify } from '../notifications';
import { describeDevice, placeOf } from './sessions';

/**
 * What a person is told about their account's security, under the bell and by email when they allow email:
 * a sign-in from a device their account has not seen, a password changed or set, a passkey added,
 * two-factor sign-in turned on or off, an access token made. Each is its own event (never merged with an earlier one), and none carries anything secret.
 */
export type SecurityEvent =
  | { kind: 'new_device'; client: Client }
  | { kind: 'password_changed' }
  | { kind: 'password_set' }
  | { kind: 'two_factor_on' }
  | { kind: 'two_factor_off' }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'access_token_created'; name: string };

export type SecurityNoticeDeps = { db: Db; queue: DeliveryQueue; now: () => Date; log: AppContext['log'] };

const IF_NOT_YOU = "If this wasn't you, change your password and turn on two-factor sign-in in Settings.";

async function noticeFor(event: SecurityEvent): Promise<Omit<NewNotification, 'kind' | 'key'>> {
  switch (event.kind) {
    case 'new_device': {
      const device = deviceName(describeDevice(event.client.userAgent ?? null));
      const place = await placeOf(event.client.ip);
      const where = [place, event.client.ip].filter(Boolean).join(', ');
      return {
        title: 'New sign-in to your account',
        body: `${device}${where ? ` (${where})` : ''} signed in to your account. If this wasn't you, sign it out under Settings → Signed-in devices and change your password.`,
        link: '/settings',
      };
    }
    case 'password_changed':
      return {
        title: 'Your password was changed',
        body: `Every other device was signed out. ${IF_NOT_YOU}`,
        link: '/settings',
      };
    case 'password_set':
      return {
        title: 'A password was set for your account',
        body: `Your account can now be signed in to with your email and this password. ${IF_NOT_YOU}`,
        link: '/settings',
      };
    case 'two_factor_on':
      return {
        title: 'Two-factor sign-in is on',
        body: "Signing in now asks for a code from your authenticator app. Keep your recovery codes somewhere safe. If this wasn't you, change your password and turn it off in Settings.",
        link: '/settings',
      };
    case 'passkey_added':
      return {
        title: 'A passkey was added to your account',
        body: `The passkey “${event.name}” now signs in to your account without a password. If this wasn't you, remove it under Settings → Passkeys and change your password.`,
        link: '/settings',
      };
    case 'access_token_created':
      return {
        title: 'A new access token can read your data',
        body: `The access token “${event.name}” now reads your Tally data. If this wasn't you, revoke it under Settings → Connected apps and change your password.`,
        link: '/settings',
      };
    case 'two_factor_off':
      return {
        title: 'Two-factor sign-in was turned off',
        body: `Signing in asks only for your password now. ${IF_NOT_YOU}`,
        link: '/settings',
      };
  }
}

/**
 * Tells the person, and asks for the email to go out. Called after the change it reports has been made: a
 * notice that cannot be written is logged, never turned into a failure of what already happened.
 */
export async function tellSecurity(deps: SecurityNoticeDeps, userId: string, event: SecurityEvent) {
  try {
    const notice = await noticeFor(event);
    await notify(deps.db, {
      userId,
      notice: { kind: 'security_notice', key: `security:${event.kind}:${randomUUID()}`, ...notice },
      createdAt: deps.now(),
      queue: deps.queue,
    });
  } catch (error) {
    deps.log.warn({ err: error, event: event.kind }, 'security notice not written');
  }
}

/** How many of the person's browsers (User-Agents) are compared with a new one. */
const SESSIONS_REMEMBERED = 200;

/**
 * Whether the person has signed in before, but never with this browser on this system: asked before the new
 * session is opened. A first sign-in (the account's own) is no news.
 */
export async function isUnseenDevice(db: Db, userId: string, client: Client): Promise<boolean> {
  // Sessions opened before browsers were kept say nothing either way: with none that says, nothing is news.
  const earlier = await db
    .selectDistinct({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.userAgent)))
    .limit(SESSIONS_REMEMBERED);
  if (earlier.length === 0) return false;
  const seen = new Set(
    earlier.map((s) => {
      const d = describeDevice(s.userAgent);
      return `${d.browser}|${d.os}`;
    }),
  );
  const now = describeDevice(client.userAgent ?? null);
  return !seen.has(`${now.browser}|${now.os}`);
}
