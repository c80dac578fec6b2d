import {
  centsToDollars,
  type Subscription,
  subscription,
  type UpdateSubscriptionBody,
  updateSubscriptionBody,
} from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The body the screen sends: every field, always. The API takes a missing frequency, category, auto-renew
 * or status as 'unchanged', but the edit dialog and Pause/Resume send the whole subscription back.
 */
export type FullUpdateBody = Required<UpdateSubscriptionBody>;

export type UpdateSubscriptionInput = { id: string; body: FullUpdateBody };

/** PUT /subscriptions/{id}: every field again, status included (the edit dialog, Pause and Resume). */
export const updateSubscription = ({ id, body }: UpdateSubscriptionInput) =>
  api.put(`subscriptions/${id}`, jsonBody(updateSubscriptionBody, body), subscription);

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: (updated) => {
      queryClient.setQueryData<Subscription[]>(queryKeys.subscriptions.list, (list) =>
        list?.map((s) => (s.id === updated.id ? updated : s)),
      );
      // Totals and the calendar count active subscriptions only: a pause moves them too.
      return queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions.all });
    },
  });
}

/**
 * The body that sends a subscription back as it is, but for what `patch` changes; its amount in dollars, as
 * request bodies take them.
 */
export function asUpdateBody(s: Subscription, patch: Partial<UpdateSubscriptionBody> = {}): FullUpdateBody {
  return {
    name: s.name,
    amount: centsToDollars(s.amount),
    frequency: s.frequency,
    category: s.category,
    description: s.description,
    nextDueDate: s.nextDueDate,
    autoRenew: s.autoRenew,
    status: s.status,
    ...patch,
  };
}
