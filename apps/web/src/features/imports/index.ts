import { lazyDialog } from '../../components/lazy-dialog';

// The statement-file import's front door: what other features may use of it.

/** The import dialog, fetched when first opened. */
export const ImportDialog = lazyDialog(async () => (await import('./ImportDialog')).ImportDialog);
