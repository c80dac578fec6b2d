import { lazyDialog } from '../../components/lazy-dialog';

// The feature's dialogs for other screens: each fetched when first opened.
export const ManualAccountDialog = lazyDialog(
  async () => (await import('./ManualAccountDialog')).ManualAccountDialog,
);
export const TransactionDialog = lazyDialog(
  async () => (await import('./TransactionDialog')).TransactionDialog,
);
