import type { Rule } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /rules/{id}: the rule only; transactions it already changed stay as they are. */
export const deleteRule = async (id: string) => {
  await api.delete(`rules/${id}`);
};

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Rule[]>(queryKeys.rules.list, (list) => list?.filter((r) => r.id !== id));
      return queryClient.invalidateQueries({ queryKey: queryKeys.rules.all });
    },
  });
}
