import type { HistorySyncProgress, HistorySyncStatus } from '@tally/shared';

/** SPEC §4 "Import status". */
export const HISTORY_SYNC_STATUS_MESSAGES: Record<HistorySyncStatus, string> = {
  Pending: 'Import pending...',
  InProgress: 'Importing historical data...',
  Completed: 'Import completed successfully!',
  Failed: 'Import failed',
};

/** Polling goes on while a history sync runs and stops once the server says it can be dismissed. */
export function isHistorySyncInFlight(progress: HistorySyncProgress | null | undefined): boolean {
  return (
    !!progress && !progress.canDismiss && (progress.status === 'Pending' || progress.status === 'InProgress')
  );
}

export type HistorySyncBannerView =
  | { kind: 'error'; title: string; message: string }
  | {
      kind: 'progress';
      status: 'Pending' | 'InProgress';
      title: string;
      message: string;
      percent: number | null;
    };

/** What the banner shows, or null when it is hidden: on Completed, Failed, when dismissed or with nothing to show. */
export function historySyncBannerView({
  progress,
  isError,
  dismissed,
}: {
  progress: HistorySyncProgress | null | undefined;
  isError: boolean;
  dismissed: boolean;
}): HistorySyncBannerView | null {
  if (dismissed) return null;
  if (isError)
    return { kind: 'error', title: 'Import Status Error', message: 'Failed to fetch import progress' };
  if (!progress || (progress.status !== 'Pending' && progress.status !== 'InProgress')) return null;
  const detail = progress.message.trim();
  const status = progress.status;
  return {
    kind: 'progress',
    status,
    title: HISTORY_SYNC_STATUS_MESSAGES[status],
    // The server's own words say more than the status line, unless they merely repeat it.
    message: detail && detail !== HISTORY_SYNC_STATUS_MESSAGES[status] ? detail : progressDetail(progress),
    percent: status === 'InProgress' ? Math.min(100, Math.max(0, Math.round(progress.progress))) : null,
  };
}

const count = new Intl.NumberFormat('en-US');

function progressDetail({ status, transactionsImported }: HistorySyncProgress): string {
  if (status === 'Pending') return 'Your full two-year history will start importing in a moment.';
  if (transactionsImported > 0) {
    const n = transactionsImported;
    return `${count.format(n)} transaction${n === 1 ? '' : 's'} imported so far. You can keep using Tally meanwhile.`;
  }
  return 'Bringing in up to two years of history. You can keep using Tally meanwhile.';
}
