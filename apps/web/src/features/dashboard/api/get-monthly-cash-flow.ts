import { monthlyCashFlow } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The dashboard's chart covers this many calendar months, the current one last. */
export const CASH_FLOW_MONTHS = 6;

/**
 * GET /reports/monthly-cash-flow: income and expenses per month. The server works out the months from the
 * person's today; the key carries today too, so the chart moves on when the day (and maybe month) does.
 */
export const monthlyCashFlowQuery = (today: string, months = CASH_FLOW_MONTHS) =>
  queryOptions({
    queryKey: queryKeys.dashboard.monthlyCashFlow(months, today),
    queryFn: ({ signal }) => api.get(`reports/monthly-cash-flow?months=${months}`, monthlyCashFlow, signal),
  });

export const useMonthlyCashFlow = (today: string) => useQuery(monthlyCashFlowQuery(today));
