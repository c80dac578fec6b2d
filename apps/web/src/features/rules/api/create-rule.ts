import { type Rule, rule, ruleBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** What POST /rules and PUT /rules/{id} take: the shared schema's input (it fills the defaults). */
export type RuleInput = z.input<typeof ruleBody>;

/** POST /rules: the new rule goes last, so the rules already there keep their say. */
export const createRule = (body: RuleInput) => api.post('rules', jsonBody(ruleBody, body), rule);

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRule,
    onSuccess: (created) => {
      queryClient.setQueryData<Rule[]>(queryKeys.rules.list, (list) => list && [...list, created]);
      return queryClient.invalidateQueries({ queryKey: queryKeys.rules.all });
    },
  });
}
