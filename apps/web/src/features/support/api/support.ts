import { type SupportMessageBody, supportInfo, supportMessageBody, supportMessageSent } from '@tally/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /support: how this person reaches support on this server. */
export const supportQuery = queryOptions({
  queryKey: queryKeys.support,
  queryFn: ({ signal }) => api.get('support', supportInfo, signal),
});

export const useSupport = () => useQuery(supportQuery);

/** POST /support/messages; the copy it puts under the bell shows at once. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportMessageBody) =>
      api.post('support/messages', jsonBody(supportMessageBody, body), supportMessageSent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
