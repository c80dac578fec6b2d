// The accounts feature's front door: what other features may use of it.
export { accountsQuery, useAccounts } from './api/get-accounts';
