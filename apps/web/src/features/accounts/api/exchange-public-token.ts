import { type ExchangeResponse, exchangeResponse } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { createSandboxPublicToken } from './create-sandbox-public-token';
import { plaidKeys, transactionsKey } from './keys';

/** Stores the connection and its last 30 days before answering; the 2-year import then runs in the background. */
export const exchangePublicTokenQuickSync = (publicToken: string) =>
  api.post('plaid/exchange-public-token-quick-sync', { publicToken }, exchangeResponse);

/** Plaid Link hands us a public token; the demo picker hands us an institution to get one for. */
export type ConnectSource = { publicToken: string } | { institutionId: string };

async function connectBank(source: ConnectSource): Promise<ExchangeResponse> {
  const publicToken =
    'publicToken' in source
      ? source.publicToken
      : (await createSandboxPublicToken(source.institutionId)).publicToken;
  return exchangePublicTokenQuickSync(publicToken);
}

export function useConnectBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectBank,
    onSuccess: async ({ connection, importProgress }) => {
      // Seeding the progress starts the banner's polling before the connection list has even refetched.
      if (importProgress) queryClient.setQueryData(plaidKeys.importProgress(connection.id), importProgress);
      else await queryClient.invalidateQueries({ queryKey: plaidKeys.importProgress(connection.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: plaidKeys.connections }),
        queryClient.invalidateQueries({ queryKey: plaidKeys.accounts }),
        queryClient.invalidateQueries({ queryKey: transactionsKey }),
      ]);
    },
  });
}
