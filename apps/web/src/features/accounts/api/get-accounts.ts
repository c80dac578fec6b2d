import { account } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /plaid/accounts: the person's active accounts, for every account picker and filter (one answer). */
export const accountsQuery = queryOptions({
  queryKey: queryKeys.accounts.list,
  queryFn: ({ signal }) => api.get('plaid/accounts', account.array(), signal),
  staleTime: 60_000,
});

export const useAccounts = () => useQuery(accountsQuery);
