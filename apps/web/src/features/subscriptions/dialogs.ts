import { lazyDialog } from '../../components/lazy-dialog';

// Subscriptions found in the history, to confirm, for other screens (the first-run guide): fetched when
// first opened.
export const DetectedSubscriptionsDialog = lazyDialog(
  async () => (await import('./components/DetectedSubscriptionsDialog')).DetectedSubscriptionsDialog,
);
