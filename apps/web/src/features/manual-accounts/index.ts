import { lazyDialog } from '../../components/lazy-dialog';

// The manual accounts feature's front door: what other features may use of it.

// Dialogs: fetched when first opened.
export const ManualAccountDialog = lazyDialog(
  async () => (await import('./ManualAccountDialog')).ManualAccountDialog,
);
export const TransactionDialog = lazyDialog(
  async () => (await import('./TransactionDialog')).TransactionDialog,
);

/** The new-account form on its own, for a dialog that adds an account on the way (the import). */
export { ManualAccountForm } from './ManualAccountForm';
