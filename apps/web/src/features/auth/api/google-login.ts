import { type GoogleLoginBody, googleLoginBody } from '@tally/shared';
import { api, jsonBody } from '../../../lib/api';
import { anyCaseLoginResult } from './login-result';

/** POST /auth/google-login: a Google ID token for a session. */
export const googleLoginRequest = (body: GoogleLoginBody) =>
  api.post('auth/google-login', jsonBody(googleLoginBody, body), anyCaseLoginResult);
