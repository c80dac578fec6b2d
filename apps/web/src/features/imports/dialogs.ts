import { lazyDialog } from '../../components/lazy-dialog';

// The import dialog for other screens: fetched when first opened.
export const ImportDialog = lazyDialog(async () => (await import('./ImportDialog')).ImportDialog);
