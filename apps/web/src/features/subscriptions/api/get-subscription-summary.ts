import { subscriptionSummary } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /subscriptions/summary: monthly and yearly totals of the active subscriptions, by category. */
export const subscriptionSummaryQuery = queryOptions({
  queryKey: queryKeys.subscriptions.summary,
  queryFn: ({ signal }) => api.get('subscriptions/summary', subscriptionSummary, signal),
});

export const useSubscriptionSummary = () => useQuery(subscriptionSummaryQuery);
