import { type CategoryCode, type TaxTag, taxCategoryBody, taxTransactionBody, taxYear } from '@tally/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /tax?year=: the year's totals by tag, the transactions behind them, and what looks deductible. */
export const useTaxYear = (year: number) =>
  useQuery({
    queryKey: queryKeys.tax(year),
    queryFn: ({ signal }) => api.get(`tax?year=${year}`, taxYear, signal),
    // Another year keeps this one on screen until it arrives.
    placeholderData: keepPreviousData,
  });

/** Every change to a tag moves the year's totals: the report is read again. */
function useRefreshTax() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['tax'] });
}

/** PUT /tax/categories: a category's tag, or null to clear it. */
export function useTagCategory() {
  const refresh = useRefreshTax();
  return useMutation({
    mutationFn: (body: { category: CategoryCode; tag: TaxTag | null }) =>
      api.put('tax/categories', jsonBody(taxCategoryBody, body)),
    onSuccess: refresh,
  });
}

/** PUT /tax/transactions/{id}: a transaction's own tag, 'none' (not deductible), or null (its category's). */
export function useTagTransaction() {
  const refresh = useRefreshTax();
  return useMutation({
    mutationFn: ({ id, tag }: { id: string; tag: TaxTag | 'none' | null }) =>
      api.put(`tax/transactions/${id}`, jsonBody(taxTransactionBody, { tag }), z.unknown()),
    onSuccess: refresh,
  });
}

/** GET /tax/export?year=: the year's tagged transactions as a CSV download. */
export function useExportTax() {
  return useMutation({
    mutationFn: async (year: number) => {
      // The saving code loads with the first export, as the transactions' does.
      const { downloadFile } = await import('../../../lib/download');
      const res = await api.file(`tax/export?year=${year}`, 'text/csv');
      downloadFile({ blob: await res.blob(), filename: `tally-tax-${year}.csv` });
    },
  });
}
