import {
  addPasskeyBody,
  type ConfirmPersonBody,
  confirmPersonBody,
  passkey,
  passkeyList,
  renamePasskeyBody,
  type WebauthnResponse,
  webauthnOptions,
} from '@tally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /auth/passkeys: the person's passkeys, oldest first. */
export const usePasskeys = () =>
  useQuery({
    queryKey: queryKeys.settings.passkeys,
    queryFn: ({ signal }) => api.get('auth/passkeys', passkeyList, signal),
  });

function useChanging<T, R>(request: (arg: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.passkeys }),
  });
}

/**
 * Makes a passkey on this device and adds it: the server's options (for the password, and a code when
 * two-factor sign-in is on), the browser's WebAuthn prompt (its code
 * fetched on first use), then the answer with the name. Throws the browser's error when the person cancels.
 */
export const useAddPasskey = () =>
  useChanging(async ({ name, ...proof }: ConfirmPersonBody & { name: string }) => {
    const { challengeId, options } = await api.post(
      'auth/passkeys/options',
      jsonBody(confirmPersonBody, proof),
      webauthnOptions,
    );
    const { startRegistration } = await import('@simplewebauthn/browser');
    const response = await startRegistration({ optionsJSON: options as never });
    return api.post(
      'auth/passkeys',
      jsonBody(addPasskeyBody, { challengeId, name, response: response as unknown as WebauthnResponse }),
      passkey,
    );
  });

/** PUT /auth/passkeys/:id: a new name. */
export const useRenamePasskey = () =>
  useChanging(({ id, name }: { id: string; name: string }) =>
    api.put(`auth/passkeys/${encodeURIComponent(id)}`, jsonBody(renamePasskeyBody, { name }), passkey),
  );

/** DELETE /auth/passkeys/:id. */
export const useRemovePasskey = () =>
  useChanging((id: string) => api.delete(`auth/passkeys/${encodeURIComponent(id)}`));
