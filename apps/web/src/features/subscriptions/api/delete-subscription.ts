import type { Subscription } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /subscriptions/{id}: the subscription only; the transactions it followed stay. */
export const deleteSubscription = async (id: string) => {
  await api.delete(`subscriptions/${id}`);
};

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Subscription[]>(queryKeys.subscriptions.list, (list) =>
        list?.filter((s) => s.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions.all });
    },
  });
}
