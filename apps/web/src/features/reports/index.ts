import { lazy } from 'react';

// The reports feature's front door: what other features may use of it.

/** The dashboard's cards of the person's pinned reports: their own chunk, fetched when the dashboard shows. */
export const PinnedReports = lazy(async () => ({ default: (await import('./PinnedReports')).PinnedReports }));
