import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordBody,
  googleLoginBody,
  loginBody,
  MAX_PASSWORD_LENGTH,
  registerBody,
  registerForm,
  timeZone,
} from './auth.schema';

/** The message a client would show: the first issue, as the server's error handler and the web forms pick it. */
function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

const validRegistration = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
};

describe('registerBody', () => {
  it('accepts a complete registration and trims names and email', () => {
    const parsed = registerBody.parse({
      firstName: ' Ada ',
      lastName: ' Lovelace ',
      email: ' ada@example.com ',
      password: ' spaced password ',
      timeZone: 'Europe/London',
    });
    expect(parsed).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      // Passwords are kept exactly as typed.
      password: ' spaced password ',
      timeZone: 'Europe/London',
    });
  });

  it('leaves the time zone out when none is given', () => {
    expect(registerBody.parse(validRegistration).timeZone).toBeUndefined();
  });

  it.each([
    ['firstName', undefined, 'All fields are required'],
    ['firstName', '', 'All fields are required'],
    ['firstName', '   ', 'All fields are required'],
    ['firstName', 7, 'All fields are required'],
    ['firstName', 'A'.repeat(101), 'First name is too long'],
    ['lastName', undefined, 'All fields are required'],
    ['lastName', ' ', 'All fields are required'],
    ['lastName', 'L'.repeat(101), 'Last name is too long'],
    ['email', undefined, 'All fields are required'],
    ['email', '', 'All fields are required'],
    ['email', '  ', 'All fields are required'],
    ['email', 'ada', 'Please enter a valid email address'],
    ['email', 'ada@', 'Please enter a valid email address'],
    ['email', 'ada@example', 'Please enter a valid email address'],
    ['email', 'ada @example.com', 'Please enter a valid email address'],
    ['email', `${'a'.repeat(250)}@example.com`, 'Email is too long'],
    ['password', undefined, 'All fields are required'],
    ['password', '', 'All fields are required'],
    ['password', '      ', 'All fields are required'],
    ['password', '12345', 'Password must be at least 6 characters long'],
    ['password', '     x', null],
    ['password', '123456', null],
    ['password', 'p'.repeat(MAX_PASSWORD_LENGTH), null],
    [
      'password',
      'p'.repeat(MAX_PASSWORD_LENGTH + 1),
      `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
    ],
    ['timeZone', 'America/New_York', null],
    ['timeZone', 'Mars/Olympus_Mons', 'Unknown time zone'],
    ['timeZone', '', 'Unknown time zone'],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(firstMessage(registerBody, { ...validRegistration, [field]: value })).toBe(message);
  });

  it("reports 'All fields are required' first when several fields are wrong", () => {
    expect(firstMessage(registerBody, { email: 'nope', password: '1' })).toBe('All fields are required');
  });
});

describe('registerForm', () => {
  const form = { ...validRegistration, confirmPassword: validRegistration.password };

  it('accepts matching passwords', () => {
    expect(firstMessage(registerForm, form)).toBeNull();
  });

  it.each([
    ['differs', 'correct horse!'],
    ['differs only in case', 'Correct Horse'],
    ['has an extra space', 'correct horse '],
    ['is empty', ''],
  ])("says 'Passwords do not match' on the confirmation when it %s", (_case, confirmPassword) => {
    const result = registerForm.safeParse({ ...form, confirmPassword });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: 'Passwords do not match', path: ['confirmPassword'] }),
    ]);
  });

  it("says 'Passwords do not match' before checking the password length", () => {
    expect(firstMessage(registerForm, { ...form, password: 'abc', confirmPassword: 'abd' })).toBe(
      'Passwords do not match',
    );
    expect(firstMessage(registerForm, { ...form, password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it("still says 'All fields are required' before comparing the passwords", () => {
    expect(firstMessage(registerForm, { ...form, firstName: '', confirmPassword: 'other' })).toBe(
      'All fields are required',
    );
  });
});

describe('loginBody', () => {
  it('accepts an email and password without checking the email format', () => {
    expect(loginBody.parse({ email: ' Ada@Example.com ', password: 'x' })).toEqual({
      email: 'Ada@Example.com',
      password: 'x',
    });
  });

  it.each([
    [{}],
    [{ email: 'ada@example.com' }],
    [{ password: 'secret1' }],
    [{ email: '', password: 'secret1' }],
    [{ email: '   ', password: 'secret1' }],
    [{ email: 'ada@example.com', password: '' }],
    [{ email: null, password: 'secret1' }],
    [{ email: 'ada@example.com', password: 123456 }],
  ])("gives 'Email and password are required' for %j", (value) => {
    expect(firstMessage(loginBody, value)).toBe('Email and password are required');
  });
});

describe('googleLoginBody', () => {
  it('accepts a credential and an optional time zone', () => {
    expect(firstMessage(googleLoginBody, { idToken: 'a.b.c' })).toBeNull();
    expect(firstMessage(googleLoginBody, { idToken: 'a.b.c', timeZone: 'Asia/Tokyo' })).toBeNull();
  });

  it.each([[{}], [{ idToken: '' }], [{ idToken: null }], [{ idToken: 42 }]])(
    "gives 'No credential received from Google' for %j",
    (value) => {
      expect(firstMessage(googleLoginBody, value)).toBe('No credential received from Google');
    },
  );

  it('rejects an unknown time zone', () => {
    expect(firstMessage(googleLoginBody, { idToken: 'a.b.c', timeZone: 'Nowhere/Special' })).toBe(
      'Unknown time zone',
    );
  });
});

describe('changePasswordBody', () => {
  const valid = { currentPassword: 'old-password', newPassword: 'new-password' };

  it.each([
    ['currentPassword', undefined, 'Current password is required'],
    ['currentPassword', '', 'Current password is required'],
    ['newPassword', undefined, 'New password is required'],
    ['newPassword', '', 'New password is required'],
    ['newPassword', '       ', 'New password is required'],
    ['newPassword', '12345', 'Password must be at least 6 characters long'],
    [
      'newPassword',
      'n'.repeat(MAX_PASSWORD_LENGTH + 1),
      `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
    ],
    ['newPassword', '123456', null],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(firstMessage(changePasswordBody, { ...valid, [field]: value })).toBe(message);
  });
});

describe('timeZone', () => {
  it.each([
    ['UTC'],
    ['America/New_York'],
    ['Europe/London'],
    ['Asia/Kolkata'],
    ['Australia/Lord_Howe'],
    ['Etc/GMT+5'],
  ])('accepts %s', (zone) => {
    expect(timeZone.safeParse(zone).success).toBe(true);
  });

  it.each([[''], ['Mars/Olympus_Mons'], ['New York'], ['+05:00'], ['America/New_York'.padEnd(65, 'x')]])(
    'rejects %j',
    (zone) => {
      expect(timeZone.safeParse(zone).success).toBe(false);
    },
  );

  it("explains a rejected zone as 'Unknown time zone'", () => {
    expect(firstMessage(timeZone, 'Mars/Olympus_Mons')).toBe('Unknown time zone');
  });

  it('rejects a time zone that is not a string', () => {
    expect(timeZone.safeParse(5).success).toBe(false);
  });
});
