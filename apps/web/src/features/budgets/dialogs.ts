import { lazyDialog } from '../../components/lazy-dialog';

// The budget form for other screens (the first-run guide's proposed budget): fetched when first opened.
export const BudgetDialog = lazyDialog(async () => (await import('./components/BudgetDialog')).BudgetDialog);
