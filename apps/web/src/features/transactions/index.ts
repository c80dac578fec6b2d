// The transactions feature's front door: what other features may use of it.
export { categorySelectData } from './category-select';
export { categoryColor, categoryIcon } from './category-visuals';
export { refreshMoneyQueries } from './refresh-money';
