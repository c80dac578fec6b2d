import {
  account,
  type CreateManualAccountBody,
  createManualAccountBody,
  type UpdateManualAccountBody,
  updateManualAccountBody,
} from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { refreshMoneyQueries } from '../../transactions';

/** POST /accounts/manual: the person's manual group is made with their first one. */
export const createManualAccount = (body: CreateManualAccountBody) =>
  api.post('accounts/manual', jsonBody(createManualAccountBody, body), account);

export type UpdateManualAccountInput = { id: string; body: UpdateManualAccountBody };

/** PUT /accounts/manual/{id}: name, subtype and opening balance (the balance follows it). */
export const updateManualAccount = ({ id, body }: UpdateManualAccountInput) =>
  api.put(`accounts/manual/${id}`, jsonBody(updateManualAccountBody, body), account);

export function useCreateManualAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualAccount,
    onSuccess: () => refreshMoneyQueries(queryClient),
  });
}

export function useUpdateManualAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateManualAccount,
    // The name shows on its transactions too, and the balance moves with the opening balance.
    onSuccess: () => refreshMoneyQueries(queryClient),
  });
}
