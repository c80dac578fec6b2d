import { dataImportResult } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Importing a large export takes a while: the server writes every row in one transaction. */
const IMPORT_TIMEOUT_MS = 5 * 60_000;

/** POST /user/import: a Tally export's ZIP into this (empty) account; everything shown is read again after. */
export function useImportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.uploadFile('user/import', file, 'application/zip', dataImportResult, {
        timeoutMs: IMPORT_TIMEOUT_MS,
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
