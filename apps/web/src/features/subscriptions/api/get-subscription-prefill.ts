import { subscriptionPrefill } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /subscriptions/from-transaction/{transactionId}: Mark as Recurring's starting point (the merchant, the
 * amount, the cadence its history suggests and the next due date).
 */
export const subscriptionPrefillQuery = (transactionId: string) =>
  queryOptions({
    queryKey: queryKeys.subscriptions.prefill(transactionId),
    queryFn: ({ signal }) =>
      api.get(`subscriptions/from-transaction/${transactionId}`, subscriptionPrefill, signal),
    // Mark as Recurring asks again at each opening; nothing to keep once it is done.
    gcTime: 0,
  });

export const useSubscriptionPrefill = (transactionId: string | null) =>
  useQuery({ ...subscriptionPrefillQuery(transactionId ?? ''), enabled: transactionId !== null });
