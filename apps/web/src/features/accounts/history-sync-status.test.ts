import type { HistorySyncProgress } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { historySyncBannerView, isHistorySyncInFlight } from './history-sync-status';

const progress = (over: Partial<HistorySyncProgress>): HistorySyncProgress => ({
  status: 'InProgress',
  progress: 40,
  message: '',
  canDismiss: false,
  quickSyncCompletedAt: null,
  completedAt: null,
  transactionsImported: 0,
  ...over,
});

describe('historySyncBannerView', () => {
  it.each([
    { status: 'Pending', title: 'Import pending...', percent: null },
    { status: 'InProgress', title: 'Importing historical data...', percent: 40 },
  ] as const)('shows $status as "$title"', ({ status, title, percent }) => {
    const view = historySyncBannerView({ progress: progress({ status }), isError: false, dismissed: false });
    expect(view).toMatchObject({ kind: 'progress', title, percent });
  });

  it.each(['Completed', 'Failed'] as const)('is hidden once the import is %s', (status) => {
    expect(
      historySyncBannerView({
        progress: progress({ status, canDismiss: true }),
        isError: false,
        dismissed: false,
      }),
    ).toBeNull();
  });

  it('is hidden when dismissed, even while importing or after an error', () => {
    expect(historySyncBannerView({ progress: progress({}), isError: false, dismissed: true })).toBeNull();
    expect(historySyncBannerView({ progress: undefined, isError: true, dismissed: true })).toBeNull();
  });

  it('is hidden for a connection that has never imported', () => {
    expect(historySyncBannerView({ progress: null, isError: false, dismissed: false })).toBeNull();
  });

  it('reports a failed fetch as an import status error', () => {
    expect(historySyncBannerView({ progress: progress({}), isError: true, dismissed: false })).toEqual({
      kind: 'error',
      title: 'Import Status Error',
      message: 'Failed to fetch import progress',
    });
  });

  it('keeps the percent between 0 and 100 and whole', () => {
    const at = (value: number) =>
      historySyncBannerView({ progress: progress({ progress: value }), isError: false, dismissed: false });
    expect(at(-5)).toMatchObject({ percent: 0 });
    expect(at(33.6)).toMatchObject({ percent: 34 });
    expect(at(140)).toMatchObject({ percent: 100 });
  });

  it("shows the server's own detail unless it only repeats the status, else the count so far", () => {
    const view = (over: Partial<HistorySyncProgress>) =>
      historySyncBannerView({ progress: progress(over), isError: false, dismissed: false });
    expect(view({ message: 'Fetching page 3' })).toMatchObject({ message: 'Fetching page 3' });
    expect(view({ message: 'Importing historical data...', transactionsImported: 1234 })).toMatchObject({
      message: expect.stringContaining('1,234 transactions imported so far'),
    });
  });
});

describe('isHistorySyncInFlight', () => {
  it.each([
    [null, false],
    [undefined, false],
    [progress({ status: 'Pending' }), true],
    [progress({ status: 'InProgress' }), true],
    [progress({ status: 'InProgress', canDismiss: true }), false],
    [progress({ status: 'Completed', canDismiss: true }), false],
    [progress({ status: 'Failed', canDismiss: true }), false],
  ])('%#: %j → %s', (value, expected) => expect(isHistorySyncInFlight(value)).toBe(expected));
});
