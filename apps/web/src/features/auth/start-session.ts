// What the sign-in and sign-up pages need only once a person acts: the shared schemas, the API client and
// the session store. The pages fetch it after they are shown (load-start-session.ts), so none of it is in
// their first download.
// First: schemas built after this parse without eval (see the file).
import '../../lib/zod-setup';
import {
  type GoogleLoginBody,
  googleLoginBody,
  type LoginResult,
  loginBody,
  passkeyLoginBody,
  publicConfig,
  registerForm,
  type WebauthnResponse,
  webauthnOptions,
} from '@tally/shared';
import type { z } from 'zod';
import { ApiError, api, jsonBody } from '../../lib/api';
import { zodErrors } from '../../lib/form';
import { page } from '../../lib/page';
import { storeSession } from '../../lib/session';
import { googleLoginRequest } from './api/google-login';
import { loginRequest } from './api/login';
import { anyCaseLoginResult } from './api/login-result';
import { registerRequest } from './api/register';

/**
 * What an attempt that did not open the app found: the messages for the page's alert, and whether the
 * account asks for a code from its authenticator app (the same credentials are sent again with it).
 */
export type Outcome = { messages: string[]; needsCode?: boolean };

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The form's fields by name, as the browser holds them (typed before the page was hydrated, too). */
const fields = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));

/**
 * Checks the values with the shared schema, asks the server, and on success opens the signed-in app (a
 * separate page): the promise then never settles, so the page stays busy until it is left.
 */
async function attempt<S extends z.ZodType>(
  schema: S,
  values: unknown,
  request: (valid: z.output<S>) => Promise<LoginResult>,
  message: (error: unknown) => string,
): Promise<Outcome> {
  const errors = zodErrors(schema, values);
  if (Object.keys(errors).length > 0) return { messages: [...new Set(Object.values(errors))] };
  let result: LoginResult;
  try {
    result = await request(schema.parse(values));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED')
      return { messages: [], needsCode: true };
    return { messages: [message(error)] };
  }
  storeSession(result.token, result.user);
  page.leaveFor('/dashboard');
  return new Promise<never>(() => {});
}

/** The server's message where its status carries one worth showing; otherwise the page's own words. */
const serverMessage = (fallback: string, shown: (status: number) => boolean) => (error: unknown) =>
  error instanceof ApiError && shown(error.status) && error.message ? error.message : fallback;

export const signIn = (form: HTMLFormElement) =>
  attempt(
    loginBody,
    fields(form),
    loginRequest,
    // 401 and 429 carry the message to show; anything else is ours to word.
    serverMessage('Invalid email or password', (status) => status >= 400 && status < 500),
  );

export const signUp = (form: HTMLFormElement) =>
  attempt(
    registerForm,
    fields(form),
    ({ confirmPassword: _, ...body }) => registerRequest({ ...body, timeZone: browserTimeZone() }),
    // Validation and duplicate-email answers explain themselves; anything else gets the generic text.
    serverMessage('An error occurred during registration', (s) => s === 400 || s === 409 || s === 429),
  );

export const signInWithGoogle = (body: GoogleLoginBody, fallback: string) =>
  attempt(
    googleLoginBody,
    body,
    (valid) => googleLoginRequest({ ...valid, timeZone: browserTimeZone() }),
    serverMessage(fallback, () => true),
  );

export const googleClientId = async () => (await api.get('config', publicConfig)).googleClientId;

/**
 * Signs in with a passkey on this device: the server's challenge, the browser's prompt (its code fetched
 * now), the server's check. A prompt the person closes says so, and nothing else happens.
 */
export async function signInWithPasskey(): Promise<Outcome> {
  if (!('PublicKeyCredential' in window)) {
    return { messages: ['This browser cannot use passkeys. Sign in with your password.'] };
  }
  let result: LoginResult;
  try {
    const { challengeId, options } = await api.post('auth/passkey-login/options', undefined, webauthnOptions);
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const response = await startAuthentication({ optionsJSON: options as never });
    result = await api.post(
      'auth/passkey-login',
      jsonBody(passkeyLoginBody, { challengeId, response: response as unknown as WebauthnResponse }),
      anyCaseLoginResult,
    );
  } catch (error) {
    if (error instanceof Error && ['NotAllowedError', 'AbortError'].includes(error.name)) {
      return { messages: ['No passkey was used. Try again, or sign in with your password.'] };
    }
    return { messages: [serverMessage('Passkey sign-in failed. Please try again.', () => true)(error)] };
  }
  storeSession(result.token, result.user);
  page.leaveFor('/dashboard');
  return new Promise<never>(() => {});
}
