import {
  centsToDollars,
  confirmSubscriptionBody,
  type DetectedSubscription,
  subscription,
} from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /subscriptions/confirm: a detected item becomes a tracked subscription, as it was detected (the
 * body's amount in dollars, as request bodies take them).
 */
export const confirmSubscription = (item: DetectedSubscription) =>
  api.post(
    'subscriptions/confirm',
    jsonBody(confirmSubscriptionBody, {
      id: item.id,
      merchantName: item.merchantName,
      amount: centsToDollars(item.amount),
      frequency: item.frequency,
      category: item.category,
      estimatedNextDue: item.estimatedNextDue,
    }),
    subscription,
  );

export type ConfirmOutcome = {
  confirmed: DetectedSubscription[];
  failed: { item: DetectedSubscription; error: unknown }[];
};

/**
 * Confirms each selected item on its own call, all at once; one failing does not undo the others, so the
 * outcome says which went through and which did not.
 */
export async function confirmSubscriptions(items: DetectedSubscription[]): Promise<ConfirmOutcome> {
  const results = await Promise.allSettled(items.map(confirmSubscription));
  const outcome: ConfirmOutcome = { confirmed: [], failed: [] };
  results.forEach((result, i) => {
    const item = items[i];
    if (!item) return;
    if (result.status === 'fulfilled') outcome.confirmed.push(item);
    else outcome.failed.push({ item, error: result.reason });
  });
  return outcome;
}

export function useConfirmSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSubscriptions,
    onSuccess: (outcome) =>
      outcome.confirmed.length > 0
        ? queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions.all })
        : undefined,
  });
}
