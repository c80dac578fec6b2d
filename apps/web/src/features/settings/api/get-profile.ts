import { profileResponse } from '@tally/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /user/profile: who the token belongs to. */
export const getProfile = (signal?: AbortSignal) =>
  api.get('user/profile', profileResponse, signal).then((r) => r.data);

export const profileQuery = queryOptions({
  queryKey: queryKeys.settings.profile,
  queryFn: ({ signal }) => getProfile(signal),
});
