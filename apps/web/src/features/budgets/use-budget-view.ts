import { useLocalStorage } from '@mantine/hooks';

export type BudgetView = 'traditional' | 'count-up';

/** Where the person's choice of view is kept between visits. */
export const BUDGET_VIEW_KEY = 'budgetView';

const isView = (value: unknown): value is BudgetView => value === 'traditional' || value === 'count-up';

/** The Traditional/Count-Up choice (SPEC §4), remembered in this browser. */
export function useBudgetView() {
  return useLocalStorage<BudgetView>({
    key: BUDGET_VIEW_KEY,
    defaultValue: 'traditional',
    getInitialValueInEffect: false,
    // Stored as the bare word, not JSON, and anything else read back as the default.
    serialize: (value) => value,
    deserialize: (value) => (isView(value) ? value : 'traditional'),
  });
}
