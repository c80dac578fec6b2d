import { cashFlowReport, customReport, moneyFlowReport, netWorthReport, spendingReport } from '@tally/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const REPORT_ANSWERS = {
  'cash-flow': cashFlowReport,
  spending: spendingReport,
  flow: moneyFlowReport,
  'net-worth': netWorthReport,
  custom: customReport,
};
type ReportAnswers = { [P in keyof typeof REPORT_ANSWERS]: z.infer<(typeof REPORT_ANSWERS)[P]> };

/** GET /reports/{cash-flow,spending,flow,net-worth,custom} with the report's query string; null waits for one. */
export function useReport<P extends keyof typeof REPORT_ANSWERS>(path: P, query: string | null) {
  return useQuery({
    queryKey: queryKeys.reports.report(path, query ?? ''),
    queryFn: ({ signal }) =>
      api.get(`reports/${path}?${query}`, REPORT_ANSWERS[path], signal) as Promise<ReportAnswers[P]>,
    enabled: query !== null,
    // Another period keeps this one on screen until it arrives.
    placeholderData: keepPreviousData,
  });
}
