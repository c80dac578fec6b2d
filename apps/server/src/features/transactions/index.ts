// The transactions feature's front door: what other features may use of it.
export { loadCategoriser } from './categorise';
export { type TransactionRow, toTransaction, transactionSelection } from './transaction-shapes';
export {
  filterWhere,
  findSearchKeys,
  rollupPlan,
  totalsByCategory,
  totalsStatements,
} from './transactions.queries';
