import { z } from 'zod';
import { canonicalTimeZone } from '../dates';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * An IANA time zone name the runtime knows, e.g. "America/New_York", taken in its one canonical spelling
 * (canonicalTimeZone): "america/new_york" and "US/Eastern" are stored, cached and compared as one zone.
 */
export const timeZone = z
  .string()
  .max(64)
  .refine((tz) => canonicalTimeZone(tz) !== null, { message: 'Unknown time zone', abort: true })
  .overwrite((tz) => canonicalTimeZone(tz) ?? tz);

const email = (message: string) =>
  required(message).max(254, 'Email is too long').pipe(z.email('Please enter a valid email address'));

/**
 * Passwords are kept exactly as typed (never trimmed), but one made only of spaces counts as blank:
 * it is what an empty-looking field sends.
 */
const newPassword = (blankMessage: string) =>
  z
    .string({ error: blankMessage })
    .refine((p) => p.trim() !== '', { message: blankMessage, abort: true })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

const password = newPassword('All fields are required');

export const registerBody = z.object({
  firstName: required('All fields are required').pipe(z.string().max(100, 'First name is too long')),
  lastName: required('All fields are required').pipe(z.string().max(100, 'Last name is too long')),
  email: email('All fields are required'),
  password,
  timeZone: timeZone.optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * The register form adds a confirmation that never leaves the browser. Checks run in the spec's order:
 * blanks, then the confirmation, then the rules the server applies.
 */
export const registerForm = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if ([v.firstName, v.lastName, v.email, v.password].some((s) => !s.trim())) {
      ctx.addIssue({ code: 'custom', message: 'All fields are required', path: [] });
      return;
    }
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: 'Passwords do not match', path: ['confirmPassword'] });
      return;
    }
    const body = registerBody.safeParse(v);
    for (const issue of body.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  });

/** A password as typed at sign-in: no password can be longer than a new one may be. */
const typedPassword = (blankMessage: string) =>
  z
    .string({ error: blankMessage })
    .min(1, blankMessage)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

const CODE_REQUIRED = 'Enter the code from your authenticator app';

/**
 * A code from the authenticator app (six digits) or one of the recovery codes, as typed: spaces and dashes
 * are ignored when it is checked.
 */
export const secondFactorCode = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(64, 'That code is too long');

/** The second step of a sign-in: the same credentials again, with the code once the server asks for it. */
const withCode = { code: secondFactorCode.optional() };

export const loginBody = z.object({
  email: required('Email and password are required').pipe(z.string().max(254, 'Email is too long')),
  password: typedPassword('Email and password are required'),
  ...withCode,
});
export type LoginBody = z.infer<typeof loginBody>;

export const googleLoginBody = z.object({
  idToken: z
    .string({ error: 'No credential received from Google' })
    .min(1, 'No credential received from Google')
    .max(8192),
  timeZone: timeZone.optional(),
  ...withCode,
});
export type GoogleLoginBody = z.infer<typeof googleLoginBody>;

export const changePasswordBody = z.object({
  currentPassword: typedPassword('Current password is required'),
  newPassword: newPassword('New password is required'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** A first password, for an account that has none (created with Google, or linked to it). */
export const setPasswordBody = z.object({ newPassword: newPassword('New password is required') });
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

export const planCode = z.enum(['starter', 'pro', 'premium']);
export type PlanCode = z.infer<typeof planCode>;
/** The paid plans: those a trial can be of. */
export const paidPlanCode = z.enum(['pro', 'premium']);
export type PaidPlanCode = z.infer<typeof paidPlanCode>;

export const user = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profilePictureUrl: z.string().nullable(),
  isGoogleUser: z.boolean(),
  /** False for an account that signs in with Google only: Settings offers to set a password. */
  hasPassword: z.boolean(),
  timeZone: z.string(),
  plan: planCode,
  trialEndsAt: z.string().nullable(),
  /** The plan of the person's trial (meaningful while `trialEndsAt` is set). */
  trialPlan: paidPlanCode,
  /** Sign-in asks for a code from an authenticator app (or a recovery code) after the password or Google. */
  twoFactorEnabled: z.boolean(),
});
export type User = z.infer<typeof user>;

export const loginResult = z.object({
  token: z.string(),
  user,
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof loginResult>;

const LINK_INVALID_BODY = 'The verification link is incomplete. Open the link from the email again.';

/** POST /auth/verify-email: the token from the link in the verification email. */
export const verifyEmailBody = z.object({
  token: z.string({ error: LINK_INVALID_BODY }).min(1, LINK_INVALID_BODY).max(2048, LINK_INVALID_BODY),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** The address now verified. */
export const verifyEmailResult = z.object({ email: z.string() });
export type VerifyEmailResult = z.infer<typeof verifyEmailResult>;

/** GET /auth/two-factor. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Recovery codes not used yet (0 while two-factor sign-in is off). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** POST /auth/two-factor/setup: a new secret for the authenticator app, not in force until confirmed. */
export const twoFactorSetup = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** POST /auth/two-factor/enable and /recovery-codes: a current code proves the app holds the secret. */
export const twoFactorCodeBody = z.object({ code: secondFactorCode });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBody>;

/** Shown once: ten single-use codes, each of which signs in once in place of the app. */
export const recoveryCodesResult = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResult = z.infer<typeof recoveryCodesResult>;

const confirmingPassword = z
  .string()
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`)
  .optional();

/** POST /auth/two-factor/enable: a code from the app, and the password when the account has one. */
export const enableTwoFactorBody = z.object({ code: secondFactorCode, password: confirmingPassword });
export type EnableTwoFactorBody = z.infer<typeof enableTwoFactorBody>;

/**
 * What shows it is the person, not only their session (POST /auth/passkeys/options): the password when the
 * account has one, and a code when two-factor sign-in is on.
 */
export const confirmPersonBody = z.object({
  password: confirmingPassword,
  code: secondFactorCode.optional(),
});
export type ConfirmPersonBody = z.infer<typeof confirmPersonBody>;

/** POST /auth/two-factor/disable: the password (when the account has one) and a code. */
export const disableTwoFactorBody = z.object({
  password: z
    .string()
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`)
    .optional(),
  code: secondFactorCode,
});
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBody>;

/** GET /auth/sessions: one signed-in browser or device of the person. */
export const sessionDevice = z.object({
  id: z.string(),
  /** "Chrome", "Safari"…; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "macOS", "Android"…; null when the browser did not say. */
  os: z.string().nullable(),
  deviceType: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  /** The address it signed in from. */
  ip: z.string().nullable(),
  /** The country of that address, "Local network", or null when unknown. */
  place: z.string().nullable(),
  /** When it signed in. */
  firstSeenAt: z.string(),
  /** Its last request, to within a few minutes. */
  lastSeenAt: z.string(),
  /** The session asking. */
  current: z.boolean(),
});
export type SessionDevice = z.infer<typeof sessionDevice>;
export const sessionDeviceList = z.object({ sessions: z.array(sessionDevice) });
export type SessionDeviceList = z.infer<typeof sessionDeviceList>;

/** "Chrome on macOS", "Safari", "A browser on Android", "Unknown browser": a device as its browser named it. */
export function deviceName({ browser, os }: Pick<SessionDevice, 'browser' | 'os'>): string {
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `A browser on ${os}`;
  return 'Unknown browser';
}

/** A passkey of the person, as Settings lists it. */
export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeyList = z.object({ passkeys: z.array(passkey) });

export const PASSKEY_NAME_MAX = 60;
export const passkeyName = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, 'Give the passkey a name')
  .max(PASSKEY_NAME_MAX, `A passkey's name is at most ${PASSKEY_NAME_MAX} characters`);

/**
 * What the browser's WebAuthn call answered (RegistrationResponseJSON or AuthenticationResponseJSON): its
 * shape is checked here, its contents and signatures by the server's WebAuthn library.
 */
const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url');
export const webauthnResponse = z.looseObject({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: b64url }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type WebauthnResponse = z.infer<typeof webauthnResponse>;

/** A challenge handed out, and the options for the browser's WebAuthn call (passed to it as they are). */
export const webauthnOptions = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type WebauthnOptions = z.infer<typeof webauthnOptions>;

/** POST /auth/passkeys: the browser's answer to the registration options, and what to call the passkey. */
export const addPasskeyBody = z.object({
  challengeId: z.uuid({ error: 'This request has expired. Try adding the passkey again.' }),
  name: passkeyName,
  response: webauthnResponse,
});
export type AddPasskeyBody = z.infer<typeof addPasskeyBody>;

export const renamePasskeyBody = z.object({ name: passkeyName });

/** POST /auth/passkey-login: the browser's answer to the sign-in options. */
export const passkeyLoginBody = z.object({
  challengeId: z.uuid({ error: 'This sign-in has expired. Try again.' }),
  response: webauthnResponse,
});
export type PasskeyLoginBody = z.infer<typeof passkeyLoginBody>;
