import { type SetPasswordBody, setPasswordBody } from '@tally/shared';
import { useMutation } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { anyCaseLoginResult } from './login-result';

/** POST /auth/set-password: a first password for an account without one; answers with a fresh session. */
export const setPasswordRequest = (body: SetPasswordBody) =>
  api.post('auth/set-password', jsonBody(setPasswordBody, body), anyCaseLoginResult);

export const useSetPassword = () => useMutation({ mutationFn: setPasswordRequest });
