import {
  createSavedReportBody,
  type SavedReport,
  savedReport,
  savedReportList,
  updateSavedReportBody,
} from '@tally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /reports/saved: the person's saved custom reports, oldest first. */
export function useSavedReports({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.reports.saved,
    queryFn: ({ signal }) => api.get('reports/saved', savedReportList, signal),
    enabled,
  });
}

/** Keeps the list in step with one report's change, then reads it again. */
function useSavedReportMutation<T, R extends SavedReport | undefined>(
  mutationFn: (input: T) => Promise<R>,
  change: (list: SavedReport[], answer: R, input: T) => SavedReport[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, input) => {
      queryClient.setQueryData<SavedReport[]>(
        queryKeys.reports.saved,
        (list) => list && change(list, answer, input),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.reports.saved });
    },
  });
}

/** POST /reports/saved. */
export const useSaveReport = () =>
  useSavedReportMutation(
    (body: z.input<typeof createSavedReportBody>) =>
      api.post('reports/saved', jsonBody(createSavedReportBody, body), savedReport),
    (list, created) => (created ? [...list, created] : list),
  );

/** PATCH /reports/saved/{id}: a new name, new choices, or on (off) the dashboard. */
export const useUpdateSavedReport = () =>
  useSavedReportMutation(
    ({ id, ...body }: z.input<typeof updateSavedReportBody> & { id: string }) =>
      api.patch(`reports/saved/${id}`, jsonBody(updateSavedReportBody, body), savedReport),
    (list, updated) => list.map((r) => (updated && r.id === updated.id ? updated : r)),
  );

/** DELETE /reports/saved/{id}. */
export const useDeleteSavedReport = () =>
  useSavedReportMutation(
    async (id: string): Promise<undefined> => {
      await api.delete(`reports/saved/${id}`);
    },
    (list, _answer, id) => list.filter((r) => r.id !== id),
  );
