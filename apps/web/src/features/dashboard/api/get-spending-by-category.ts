import { type PeriodRange, spendingByCategory } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /reports/spending-by-category: what went out in the period per category, largest first. */
export const spendingByCategoryQuery = ({ startDate, endDate }: PeriodRange) =>
  queryOptions({
    queryKey: queryKeys.dashboard.spendingByCategory(startDate, endDate),
    queryFn: ({ signal }) =>
      api.get(
        `reports/spending-by-category?startDate=${startDate}&endDate=${endDate}`,
        spendingByCategory,
        signal,
      ),
  });

export const useSpendingByCategory = (range: PeriodRange) => useQuery(spendingByCategoryQuery(range));
