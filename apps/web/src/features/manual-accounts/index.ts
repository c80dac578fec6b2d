// The manual accounts feature's front door: what other features may use of it.
export { ManualAccountDialog, TransactionDialog } from './dialogs';
/** The new-account form on its own, for a dialog that adds an account on the way (the import). */
export { ManualAccountForm } from './ManualAccountForm';
