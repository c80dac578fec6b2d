import { subscriptionList } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /subscriptions: every subscription the person tracks, whatever its status. */
export const subscriptionsQuery = queryOptions({
  queryKey: queryKeys.subscriptions.list,
  queryFn: ({ signal }) => api.get('subscriptions', subscriptionList, signal),
});

export const useSubscriptions = () => useQuery(subscriptionsQuery);
