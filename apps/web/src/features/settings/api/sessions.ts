import { sessionDeviceList } from '@tally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /auth/sessions: the browsers and devices signed in to the person's account, this one first. */
export const useSessions = () =>
  useQuery({
    queryKey: queryKeys.settings.sessions,
    queryFn: ({ signal }) => api.get('auth/sessions', sessionDeviceList, signal),
  });

function useSignOut<T>(request: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings.sessions });
      // Signing the others out takes the access tokens back too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings.accessTokens });
    },
  });
}

/** DELETE /auth/sessions/:id: signs one device out. */
export const useSignOutSession = () =>
  useSignOut((id: string) => api.delete(`auth/sessions/${encodeURIComponent(id)}`));

/** POST /auth/sessions/sign-out-others: every device but this one. */
export const useSignOutOthers = () =>
  useSignOut(() => api.post('auth/sessions/sign-out-others', undefined, z.object({ signedOut: z.number() })));
