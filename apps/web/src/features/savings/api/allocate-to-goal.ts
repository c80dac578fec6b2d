import { type AllocateBody, allocateBody, goalProgressView } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type AllocateInput = { goalId: string; body: AllocateBody };

/** POST /savings/goals/{id}/allocate: money added to a goal by hand; answers the goal's progress view. */
export const allocateToGoal = ({ goalId, body }: AllocateInput) =>
  api.post(`savings/goals/${goalId}/allocate`, jsonBody(allocateBody, body), goalProgressView);

export function useAllocateToGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allocateToGoal,
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.savings.progress(view.goal.id), view);
      return queryClient.invalidateQueries({ queryKey: queryKeys.savings.all });
    },
  });
}
