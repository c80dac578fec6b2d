import {
  type DisableTwoFactorBody,
  disableTwoFactorBody,
  type EnableTwoFactorBody,
  enableTwoFactorBody,
  recoveryCodesResult,
  type TwoFactorCodeBody,
  twoFactorCodeBody,
  twoFactorSetup,
  twoFactorStatus,
} from '@tally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth, useCurrentUser } from '../../../app/auth';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /auth/two-factor: whether sign-in asks for a code, and how many recovery codes are left. */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: queryKeys.settings.twoFactor,
    queryFn: ({ signal }) => api.get('auth/two-factor', twoFactorStatus, signal),
  });

/** POST /auth/two-factor/setup: a new secret and its QR code, not in force until a code confirms it. */
export const useStartTwoFactor = () =>
  useMutation({ mutationFn: () => api.post('auth/two-factor/setup', undefined, twoFactorSetup) });

/** After a change: the status again, and the signed-in user as the rest of the app sees it. */
function useChanged(enabled: boolean | null) {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  const user = useCurrentUser();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.settings.twoFactor });
    if (enabled !== null) setUser({ ...user, twoFactorEnabled: enabled });
  };
}

/** POST /auth/two-factor/enable: a code and the password turn it on; answers with the ten recovery codes, shown once. */
export function useEnableTwoFactor() {
  const changed = useChanged(true);
  return useMutation({
    mutationFn: (body: EnableTwoFactorBody) =>
      api.post('auth/two-factor/enable', jsonBody(enableTwoFactorBody, body), recoveryCodesResult),
    onSuccess: changed,
  });
}

/** POST /auth/two-factor/recovery-codes: ten new codes in place of the old. */
export function useRenewRecoveryCodes() {
  const changed = useChanged(null);
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) =>
      api.post('auth/two-factor/recovery-codes', jsonBody(twoFactorCodeBody, body), recoveryCodesResult),
    onSuccess: changed,
  });
}

/** POST /auth/two-factor/disable: the password (when there is one) and a code. */
export function useDisableTwoFactor() {
  const changed = useChanged(false);
  return useMutation({
    mutationFn: (body: DisableTwoFactorBody) =>
      api.post('auth/two-factor/disable', jsonBody(disableTwoFactorBody, body)),
    onSuccess: changed,
  });
}
