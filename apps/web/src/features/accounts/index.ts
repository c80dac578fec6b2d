// The accounts feature's front door: what other features may use of it.

export { MANUAL_TYPE_OPTIONS, manualSubtypeOptions } from './account-labels';
export { accountsQuery, useAccounts } from './api/get-accounts';
