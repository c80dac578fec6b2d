import { type RegisterBody, registerBody } from '@tally/shared';
import { api, jsonBody } from '../../../lib/api';
import { anyCaseLoginResult } from './login-result';

/** POST /auth/register. */
export const registerRequest = (body: RegisterBody) =>
  api.post('auth/register', jsonBody(registerBody, body), anyCaseLoginResult);
