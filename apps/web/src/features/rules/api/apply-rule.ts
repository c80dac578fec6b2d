import { ruleApplyResult } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * How long applying a rule may take. The server changes every matching transaction in one go: a rule that
 * matches tens of thousands of them takes 10-15 s on the embedded database, past API_TIMEOUT_MS, and giving
 * up early would report a failure for work the server goes on to finish.
 */
export const APPLY_RULE_TIMEOUT_MS = 120_000;

/** POST /rules/{id}/apply: the rule changes the past transactions it matches; answers how many changed. */
export const applyRule = (ruleId: string) =>
  api.post(`rules/${ruleId}/apply`, undefined, ruleApplyResult, { timeoutMs: APPLY_RULE_TIMEOUT_MS });

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
