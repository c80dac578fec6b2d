import { account } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /plaid/accounts: the person's active accounts, for the account filter. */
export const accountsQuery = queryOptions({
  queryKey: ['plaid', 'accounts'],
  queryFn: ({ signal }) => api.get('plaid/accounts', account.array(), signal),
  staleTime: 60_000,
});

export const useAccounts = () => useQuery(accountsQuery);
