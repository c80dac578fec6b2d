import { publicConfig } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

export const configQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: () => api.get('config', publicConfig),
  staleTime: Number.POSITIVE_INFINITY,
});

export const usePublicConfig = () => useQuery(configQuery);
