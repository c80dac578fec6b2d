import { type Rule, ruleList, ruleOrderBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /rules/order: every rule's id, in the order they should apply; answers the list in that order. */
export const reorderRules = (ids: string[]) =>
  api.put('rules/order', jsonBody(ruleOrderBody, { ids }), ruleList);

const REORDER = [...queryKeys.rules.all, 'order'] as const;

/**
 * The list moves at once (a move button answers the press, not the network) and goes back to what it was
 * if the server refuses. Moves are sent one at a time, in the order they were made, and only the last
 * one's answer is written over the list: an earlier answer would undo the moves made since.
 */
export function useReorderRules() {
  const queryClient = useQueryClient();
  const isLast = () => queryClient.isMutating({ mutationKey: REORDER }) <= 1;
  return useMutation({
    mutationKey: REORDER,
    mutationFn: reorderRules,
    scope: { id: 'rules-order' },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.rules.list });
      const before = queryClient.getQueryData<Rule[]>(queryKeys.rules.list);
      if (before) {
        const byId = new Map(before.map((r) => [r.id, r]));
        const moved = ids.map((id) => byId.get(id)).filter((r): r is Rule => r !== undefined);
        queryClient.setQueryData<Rule[]>(queryKeys.rules.list, moved);
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.rules.list, context.before);
    },
    onSuccess: (ordered) => {
      if (isLast()) queryClient.setQueryData(queryKeys.rules.list, ordered);
    },
    onSettled: () =>
      isLast() ? queryClient.invalidateQueries({ queryKey: queryKeys.rules.list }) : undefined,
  });
}
