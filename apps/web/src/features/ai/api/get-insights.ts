import { type InsightContext, insightList, insightsBody } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /ai/insights: the screen's current insights, most important first, without the dismissed ones. The
 * server works them out again first when its stored ones have gone stale, so a first read may take a moment.
 */
export const insightsQuery = (context: InsightContext, maxInsights: number) =>
  queryOptions({
    queryKey: queryKeys.ai.insights(context, maxInsights),
    queryFn: () => api.post('ai/insights', jsonBody(insightsBody, { context, maxInsights }), insightList),
  });

export const useInsights = (context: InsightContext, maxInsights: number) =>
  useQuery(insightsQuery(context, maxInsights));
