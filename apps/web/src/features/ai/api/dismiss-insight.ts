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
 * Every panel's list, and nothing else: the prefix of queryKeys.ai.insights. The day's AI usage lives under
 * the same root (so a refresh or a question updates it), and it is no list to take an insight out of.
 */
const insightLists = [...queryKeys.ai.all, 'insights'] as const;

/**
 * Dismissing takes the insight off every panel at once (SPEC §4), before the server answers; a failure puts
 * each list back as it was. Afterwards the lists are read again, so the next insight fills the slot.
 */
export function useDismissInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissInsight,
    onMutate: async (insightId): Promise<{ before: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: insightLists });
      const before: Snapshot = queryClient.getQueriesData<Insight[]>({ queryKey: insightLists });
      queryClient.setQueriesData<Insight[]>({ queryKey: insightLists }, (list) =>
        list?.filter((i) => i.id !== insightId),
      );
      return { before };
    },
    onError: (_error, _id, context) => {
      for (const [key, list] of context?.before ?? []) queryClient.setQueryData(key, list);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ai.all }),
  });
}
