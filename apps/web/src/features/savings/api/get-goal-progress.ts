import { goalProgressView } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /savings/goals/{id}/progress: the goal, its ledger newest first, and its balance by day. */
export const goalProgressQuery = (goalId: string) =>
  queryOptions({
    queryKey: queryKeys.savings.progress(goalId),
    queryFn: ({ signal }) => api.get(`savings/goals/${goalId}/progress`, goalProgressView, signal),
  });

export const useGoalProgress = (goalId: string) => useQuery(goalProgressQuery(goalId));
