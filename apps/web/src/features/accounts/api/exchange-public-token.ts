import { type ExchangeResponse, exchangeResponse, publicTokenBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { createSandboxPublicToken } from './create-sandbox-public-token';

/** Stores the connection and its last 30 days before answering; the 2-year import then runs in the background. */
export const exchangePublicTokenQuickSync = (publicToken: string) =>
  api.post(
    'plaid/exchange-public-token-quick-sync',
    jsonBody(publicTokenBody, { publicToken }),
    exchangeResponse,
  );

/** Plaid Link hands us a public token; the demo picker hands us an institution and its accounts to get one for. */
export type ConnectSource = { publicToken: string } | { institutionId: string; accountIds?: string[] };

async function connectBank(source: ConnectSource): Promise<ExchangeResponse> {
  const publicToken =
    'publicToken' in source
      ? source.publicToken
      : (await createSandboxPublicToken(source.institutionId, source.accountIds)).publicToken;
  return exchangePublicTokenQuickSync(publicToken);
}

export function useConnectBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectBank,
    onSuccess: async ({ connection, importProgress }) => {
      // Seeding the progress starts the banner's polling before the connection list has even refetched.
      if (importProgress)
        queryClient.setQueryData(queryKeys.accounts.historySyncProgress(connection.id), importProgress);
      else
        await queryClient.invalidateQueries({
          queryKey: queryKeys.accounts.historySyncProgress(connection.id),
        });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.connections }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
      ]);
    },
  });
}
