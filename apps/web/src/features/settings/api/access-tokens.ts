import {
  accessTokenList,
  type CreateAccessTokenBody,
  createAccessTokenBody,
  createdAccessToken,
} from '@tally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /access-tokens: the person's access tokens, newest first, never their secrets. */
export const useAccessTokens = () =>
  useQuery({
    queryKey: queryKeys.settings.accessTokens,
    queryFn: ({ signal }) => api.get('access-tokens', accessTokenList, signal),
  });

function useChanging<T, R>(request: (arg: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // What came back (a new token's secret) is not kept once nothing shows it.
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.accessTokens }),
  });
}

/** POST /access-tokens: the new token and its secret, which the server answers this once. */
export const useCreateAccessToken = () =>
  useChanging((body: CreateAccessTokenBody) =>
    api.post('access-tokens', jsonBody(createAccessTokenBody, body), createdAccessToken),
  );

/** DELETE /access-tokens/:id: apps using it are refused from then on. */
export const useRevokeAccessToken = () =>
  useChanging((id: string) => api.delete(`access-tokens/${encodeURIComponent(id)}`));
