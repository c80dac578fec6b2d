import { verifyEmailBody, verifyEmailResult } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /auth/verify-email: the token from the emailed link; answers the address verified. */
export const verifyEmail = (token: string) =>
  api.post('auth/verify-email', jsonBody(verifyEmailBody, { token }), verifyEmailResult);

/** Verifies, then Settings reads the address's state afresh. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.notifications }),
  });
}
