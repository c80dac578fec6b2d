import { transaction, updateNoteBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { replaceCachedTransaction } from './update-transaction-category';

export type UpdateNoteInput = { id: string; note: string | null };

/** PUT /transactions/{id}/note; null (or blank) removes the note. */
export const updateTransactionNote = ({ id, note }: UpdateNoteInput) =>
  api.put(
    `transactions/${id}/note`,
    jsonBody(updateNoteBody, { note: note?.trim() ? note.trim() : null }),
    transaction,
  );

export function useUpdateTransactionNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransactionNote,
    onSuccess: (updated) => {
      replaceCachedTransaction(queryClient, updated);
      return queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
    },
  });
}
