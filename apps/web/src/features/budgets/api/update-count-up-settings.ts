import { budgetCategory, countUpSettingsBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type CountUpSettingsInput = {
  categoryId: string;
  /** Dollars a day; null goes back to the allocation split evenly over the period's days. */
  customDailyAllowance: number | null;
};

/** PUT /budget/category/{id}/countup-settings. */
export const updateCountUpSettings = ({ categoryId, customDailyAllowance }: CountUpSettingsInput) =>
  api.put(
    `budget/category/${categoryId}/countup-settings`,
    jsonBody(countUpSettingsBody, { categoryId, customDailyAllowance }),
    budgetCategory,
  );

export function useUpdateCountUpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountUpSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.budgets.all }),
  });
}
