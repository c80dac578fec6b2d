// The budgets feature's front door: what other features may use of it.
export { useActiveBudget } from './api/get-active-budget';
export { budgetsQuery } from './api/get-budgets';
export { updateBudgetCategory } from './api/update-budget-category';
export { BudgetDialog } from './dialogs';
