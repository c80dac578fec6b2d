// The budgets feature's front door: what other features may use of it.
export { activePeriodNow, rollBudget } from './budget-periods';
export { type BudgetRow, getActiveBudget, getBudget, spentByCategory } from './budgets.queries';
export { ownBudget } from './budgets.service';
