import { type ManualTransactionBody, manualTransactionBody, transaction } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { refreshMoneyQueries } from '../../transactions';

/** POST /transactions/manual: one transaction typed into a manual account. */
export const createManualTransaction = (body: ManualTransactionBody) =>
  api.post('transactions/manual', jsonBody(manualTransactionBody, body), transaction);

export type UpdateManualTransactionInput = { id: string; body: ManualTransactionBody };

/** PUT /transactions/manual/{id}: every field of a hand-kept transaction. */
export const updateManualTransaction = ({ id, body }: UpdateManualTransactionInput) =>
  api.put(`transactions/manual/${id}`, jsonBody(manualTransactionBody, body), transaction);

export function useCreateManualTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualTransaction,
    onSuccess: () => refreshMoneyQueries(queryClient),
  });
}

export function useUpdateManualTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateManualTransaction,
    onSuccess: () => refreshMoneyQueries(queryClient),
  });
}
