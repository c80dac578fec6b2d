import { type InsightContext, insightList } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /ai/insights/refresh/{context}: worked out again now, whatever their age. It counts against the
 * plan's daily AI requests; once they are used up the server answers 429 with a message saying so.
 */
export const refreshInsights = (context: InsightContext) =>
  api.post(`ai/insights/refresh/${context}`, undefined, insightList);

export function useRefreshInsights(context: InsightContext, maxInsights: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshInsights(context),
    onSuccess: async (insights) => {
      // Every screen's insights were worked out again: the other panels read theirs when next shown.
      await queryClient.invalidateQueries({ queryKey: queryKeys.ai.all, refetchType: 'none' });
      // The server answers its default count; this panel shows its own.
      queryClient.setQueryData(queryKeys.ai.insights(context, maxInsights), insights.slice(0, maxInsights));
    },
  });
}
