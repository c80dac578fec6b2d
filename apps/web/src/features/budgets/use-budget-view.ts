import { useStoredChoice } from '../../lib/use-stored-choice';

export type BudgetView = 'traditional' | 'count-up';

/** Where the person's choice of view is kept between visits. */
export const BUDGET_VIEW_KEY = 'budgetView';

/** The Traditional/Count-Up choice (SPEC §4), remembered in this browser. */
export const useBudgetView = () => useStoredChoice<BudgetView>(BUDGET_VIEW_KEY, ['traditional', 'count-up']);
