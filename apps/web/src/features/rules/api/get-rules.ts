import { ruleList } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /rules: the person's rules, in the order they apply. */
export const rulesQuery = queryOptions({
  queryKey: queryKeys.rules.list,
  queryFn: ({ signal }) => api.get('rules', ruleList, signal),
});

export const useRules = () => useQuery(rulesQuery);
