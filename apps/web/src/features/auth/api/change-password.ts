import { type ChangePasswordBody, changePasswordBody } from '@tally/shared';
import { useMutation } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { anyCaseLoginResult } from './login-result';

/** POST /auth/change-password: revokes every other session and answers with a fresh one. */
export const changePasswordRequest = (body: ChangePasswordBody) =>
  api.post('auth/change-password', jsonBody(changePasswordBody, body), anyCaseLoginResult);

export const useChangePassword = () => useMutation({ mutationFn: changePasswordRequest });
