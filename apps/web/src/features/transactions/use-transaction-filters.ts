import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearchParams, filtersToSearchParams, type TransactionFilterState } from './filters';

type Update = (filters: TransactionFilterState) => TransactionFilterState;

/**
 * The filters and page live in the address bar, so reload, back and a shared link keep them.
 * Any filter change starts again at page 1 (SPEC §4).
 */
export function useTransactionFilters() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = useMemo(() => filtersFromSearchParams(params), [params]);

  const updateFilters = useCallback(
    (update: Update, { replace = false }: { replace?: boolean } = {}) =>
      // From the latest URL, not this render's: the debounced search can land after other changes.
      setParams((current) => filtersToSearchParams(update(filtersFromSearchParams(current).filters), 1), {
        replace,
      }),
    [setParams],
  );

  const setPage = useCallback(
    (next: number, { replace = false }: { replace?: boolean } = {}) =>
      setParams((current) => filtersToSearchParams(filtersFromSearchParams(current).filters, next), {
        replace,
      }),
    [setParams],
  );

  return { filters, page, updateFilters, setPage };
}
