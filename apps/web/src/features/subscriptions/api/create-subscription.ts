import { type SubscriptionBody, subscription, subscriptionBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /subscriptions; with a transactionId (Mark as Recurring) it follows that merchant's charges. */
export const createSubscription = (body: SubscriptionBody) =>
  api.post('subscriptions', jsonBody(subscriptionBody, body), subscription);

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    // Only subscriptions change: the server links the charge it was made from but leaves transactions as
    // they are (their categories included).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions.all }),
  });
}
