import { achievementCheck } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /savings/achievements/check: what the latest change earned, and everything earned so far. */
export const checkAchievements = () => api.post('savings/achievements/check', undefined, achievementCheck);

export function useCheckAchievements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkAchievements,
    onSuccess: (result) => queryClient.setQueryData(queryKeys.savings.achievements, result.achievements),
  });
}
