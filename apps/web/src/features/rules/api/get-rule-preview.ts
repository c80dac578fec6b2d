import { rulePreview } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /rules/{id}/preview: how many past transactions the rule matches, how many it would change, some of them. */
export const rulePreviewQuery = (ruleId: string) =>
  queryOptions({
    queryKey: queryKeys.rules.preview(ruleId),
    queryFn: ({ signal }) => api.get(`rules/${ruleId}/preview`, rulePreview, signal),
    // Transactions change under it (imports, edits, this very rule applied): each opening of the preview
    // asks again, and an old answer is never shown meanwhile.
    gcTime: 0,
  });

export const useRulePreview = (ruleId: string | null) =>
  useQuery({ ...rulePreviewQuery(ruleId ?? ''), enabled: ruleId !== null });
