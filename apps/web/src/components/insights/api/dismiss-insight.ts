import { dismissInsightBody, type Insight } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /ai/insights/dismiss: hidden for good; the same finding worked out again stays hidden. */
export const dismissInsight = async (insightId: string) => {
  await api.post('ai/insights/dismiss', jsonBody(dismissInsightBody, { insightId }));
};

type Snapshot = [readonly unknown[], Insight[] | undefined][];

/**
 * Dismissing takes the insight off every panel at once (SPEC §4), before the server answers; a failure puts
 * each list back as it was. Afterwards the lists are read again, so the next insight fills the slot.
 */
export function useDismissInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissInsight,
    onMutate: async (insightId): Promise<{ before: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: queryKeys.insights.all });
      const before: Snapshot = queryClient.getQueriesData<Insight[]>({ queryKey: queryKeys.insights.all });
      queryClient.setQueriesData<Insight[]>({ queryKey: queryKeys.insights.all }, (list) =>
        list?.filter((i) => i.id !== insightId),
      );
      return { before };
    },
    onError: (_error, _id, context) => {
      for (const [key, list] of context?.before ?? []) queryClient.setQueryData(key, list);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.insights.all }),
  });
}
