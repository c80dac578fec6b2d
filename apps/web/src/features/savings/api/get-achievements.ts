import { savingsAchievementList } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /savings/achievements: what the person has earned, each once, on the day first reached. */
export const savingsAchievementsQuery = queryOptions({
  queryKey: queryKeys.savings.achievements,
  queryFn: ({ signal }) => api.get('savings/achievements', savingsAchievementList, signal),
});

export const useSavingsAchievements = () => useQuery(savingsAchievementsQuery);
