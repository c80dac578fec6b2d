import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The address's parameter naming the past budget on screen: `/budgets?budget=<id>`. */
export const PAST_BUDGET_PARAM = 'budget';

/** The address of a past budget, for links to it. */
export const pastBudgetSearch = (budgetId: string) =>
  `?${new URLSearchParams({ [PAST_BUDGET_PARAM]: budgetId })}`;

/**
 * The past budget on screen lives in the address bar, so back, forward, reload and a shared link keep it.
 * `showBudget(null)` goes back to the active budget.
 */
export function usePastBudgetParam() {
  const [params, setParams] = useSearchParams();
  const budgetId = params.get(PAST_BUDGET_PARAM);
  const showBudget = useCallback(
    (id: string | null, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(PAST_BUDGET_PARAM);
          else next.set(PAST_BUDGET_PARAM, id);
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [budgetId, showBudget] as const;
}
