import { type LoginBody, loginBody } from '@tally/shared';
import { api, jsonBody } from '../../../lib/api';
import { anyCaseLoginResult } from './login-result';

/** POST /auth/login. */
export const loginRequest = (body: LoginBody) =>
  api.post('auth/login', jsonBody(loginBody, body), anyCaseLoginResult);
