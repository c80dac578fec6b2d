import { institution } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const institutionList = institution.array();

/** The demo bank's institutions, for the picker that stands in for Plaid Link in demo mode. */
export const institutionsQuery = queryOptions({
  queryKey: queryKeys.accounts.institutions,
  queryFn: ({ signal }) => api.get('plaid/institutions', institutionList, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useInstitutions = (enabled: boolean) => useQuery({ ...institutionsQuery, enabled });
