import { aiUsage } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /ai/usage: the plan's daily AI requests, today's use and what a model cost today. */
export const aiUsageQuery = queryOptions({
  queryKey: queryKeys.ai.usage,
  queryFn: ({ signal }) => api.get('ai/usage', aiUsage, signal),
});

export const useAiUsage = () => useQuery(aiUsageQuery);
