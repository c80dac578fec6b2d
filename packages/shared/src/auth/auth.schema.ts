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

export const loginBody = z.object({
  email: required('Email and password are required').pipe(z.string().max(254, 'Email is too long')),
  password: typedPassword('Email and password are required'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const googleLoginBody = z.object({
  idToken: z
    .string({ error: 'No credential received from Google' })
    .min(1, 'No credential received from Google')
    .max(8192),
  timeZone: timeZone.optional(),
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
