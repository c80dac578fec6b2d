import { type GoalBody, goalBody, savingsGoal } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /savings/goals: a new goal, answered 201 with the goal as the API shows it. */
export const createGoal = (body: GoalBody) =>
  api.post('savings/goals', jsonBody(goalBody, body), savingsGoal);

export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGoal,
    // The totals, the allocation left and (a first goal) the achievements all move.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savings.all }),
  });
}
