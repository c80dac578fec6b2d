import { ruleApplyResult } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /rules/{id}/apply: the rule changes the past transactions it matches; answers how many changed. */
export const applyRule = (ruleId: string) => api.post(`rules/${ruleId}/apply`, undefined, ruleApplyResult);

export function useApplyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyRule,
    onSuccess: () =>
      Promise.all([
        // New categories move the lists, the totals and the dashboard's panels (all under transactions).
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.rules.all }),
      ]),
  });
}
