import type { Budget, BudgetListItem } from '@tally/shared';

/** Only the active budget can be edited: the server answers 400 for any other (past budgets are a record). */
export const isEditable = (budget: Pick<Budget, 'isActive'>) => budget.isActive;

/** The budgets a newer one replaced, newest first (the list's own order). */
export const pastBudgets = (list: readonly BudgetListItem[]) => list.filter((b) => !b.isActive);

export type ShownBudget =
  | { kind: 'active' }
  | { kind: 'past'; budget: BudgetListItem }
  /** An id the list does not hold: deleted since, or never the person's. */
  | { kind: 'missing' };

/**
 * Which budget the screen shows for the address's `?budget=<id>`: no id, or the active budget's own, is
 * the active budget; an archived budget of the person's is shown read-only.
 */
export function shownBudget(list: readonly BudgetListItem[], id: string | null): ShownBudget {
  if (id === null) return { kind: 'active' };
  const found = list.find((b) => b.id === id);
  if (!found) return { kind: 'missing' };
  return found.isActive ? { kind: 'active' } : { kind: 'past', budget: found };
}
