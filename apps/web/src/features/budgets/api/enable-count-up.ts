import { budgetCategory, type CountUpResponse, enableCountUpBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type EnableCountUpInput = { budgetId: string; categoryId: string; enable: boolean };

/** POST /budget/category/{id}/enable-countup: turns count-up on or off for one category. */
export const enableCountUp = ({ categoryId, enable }: EnableCountUpInput) =>
  api.post(
    `budget/category/${categoryId}/enable-countup`,
    jsonBody(enableCountUpBody, { categoryId, enable }),
    budgetCategory,
  );

const withFlag = (data: CountUpResponse | undefined, categoryId: string, enable: boolean) =>
  data && {
    ...data,
    categories: data.categories.map((c) =>
      c.categoryId === categoryId ? { ...c, countUpEnabled: enable } : c,
    ),
  };

/** The switch moves at once; a failure puts it back. */
export function useEnableCountUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableCountUp,
    onMutate: async ({ budgetId, categoryId, enable }) => {
      const key = queryKeys.budgets.countUp(budgetId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CountUpResponse>(key);
      queryClient.setQueryData<CountUpResponse>(key, (data) => withFlag(data, categoryId, enable));
      return { previous };
    },
    onError: (_error, { budgetId }, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.budgets.countUp(budgetId), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.budgets.all }),
  });
}
