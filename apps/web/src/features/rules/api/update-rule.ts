import { type Rule, rule, ruleBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { RuleInput } from './create-rule';

export type UpdateRuleInput = { id: string; body: RuleInput };

/** PUT /rules/{id}: every field again; the rule keeps its place in the order. */
export const updateRule = ({ id, body }: UpdateRuleInput) =>
  api.put(`rules/${id}`, jsonBody(ruleBody, body), rule);

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRule,
    onSuccess: (updated) => {
      queryClient.setQueryData<Rule[]>(queryKeys.rules.list, (list) =>
        list?.map((r) => (r.id === updated.id ? updated : r)),
      );
      // Its preview (what it would change) is another answer now.
      return queryClient.invalidateQueries({ queryKey: queryKeys.rules.all });
    },
  });
}
