import { publicConfig } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api.get('config', publicConfig),
  staleTime: Number.POSITIVE_INFINITY,
});

export const usePublicConfig = () => useQuery(configQuery);
