import type { HistorySyncProgress } from '@tally/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../../test-utils';
import { HistorySyncBanner } from './HistorySyncBanner';

const ROUTE = 'GET /api/plaid/connections/c1/import-progress';

const progress = (over: Partial<HistorySyncProgress>): HistorySyncProgress => ({
  status: 'InProgress',
  progress: 42,
  message: 'Importing historical data...',
  canDismiss: false,
  quickSyncCompletedAt: null,
  completedAt: null,
  transactionsImported: 0,
  ...over,
});

function Banner({
  dismissed = false,
  onDismiss = () => {},
}: {
  dismissed?: boolean;
  onDismiss?: () => void;
}) {
  return (
    <HistorySyncBanner
      connectionId="c1"
      institutionName="First Demo Bank"
      dismissed={dismissed}
      onDismiss={onDismiss}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HistorySyncBanner', () => {
  it('shows a running import with its progress bar and percent', async () => {
    fakeApi({ [ROUTE]: { body: progress({}) } });
    renderWithProviders(<Banner />);
    expect(await screen.findByText('Importing historical data...')).toBeTruthy();
    expect(screen.getByText('42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress for First Demo Bank' })).toBeTruthy();
  });

  it('shows a pending import without a percent', async () => {
    fakeApi({ [ROUTE]: { body: progress({ status: 'Pending', progress: 0, message: '' }) } });
    renderWithProviders(<Banner />);
    expect(await screen.findByText('Import pending...')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it.each(['Completed', 'Failed'] as const)('shows nothing once the import is %s', async (status) => {
    const api = fakeApi({ [ROUTE]: { body: progress({ status, progress: 100, canDismiss: true }) } });
    const { container } = renderWithProviders(<Banner />);
    await waitFor(() => expect(api.count(ROUTE)).toBe(1));
    expect(container.querySelector('[aria-label^="Import status"]')).toBeNull();
  });

  it('shows nothing for a connection that has never imported (404)', async () => {
    const api = fakeApi({ [ROUTE]: { status: 404, body: { message: 'No import', code: 'NOT_FOUND' } } });
    renderWithProviders(<Banner />);
    await waitFor(() => expect(api.count(ROUTE)).toBe(1));
    expect(screen.queryByText('Import Status Error')).toBeNull();
  });

  it('says so when the progress cannot be fetched', async () => {
    fakeApi({ [ROUTE]: { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } });
    renderWithProviders(<Banner />);
    expect(await screen.findByText('Import Status Error')).toBeTruthy();
    expect(screen.getByText('Failed to fetch import progress')).toBeTruthy();
  });

  it('hides when dismissed, through its close button', async () => {
    fakeApi({ [ROUTE]: { body: progress({}) } });
    const onDismiss = vi.fn();
    const { rerender } = renderWithProviders(<Banner onDismiss={onDismiss} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss import status' }));
    expect(onDismiss).toHaveBeenCalledOnce();
    rerender(<Banner dismissed />);
    await waitFor(() => expect(screen.queryByText('Importing historical data...')).toBeNull());
  });

  it('polls every 5 seconds while importing and stops once the import can be dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      [ROUTE]: ({ calls }) => ({
        body:
          calls < 3
            ? progress({ progress: calls * 30 })
            : progress({ status: 'Completed', progress: 100, canDismiss: true }),
      }),
    });
    renderWithProviders(<Banner />);
    expect(await screen.findByText('30%')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText('60%')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(screen.queryByText('Importing historical data...')).toBeNull());
    expect(await screen.findByText('Import completed successfully!')).toBeTruthy(); // the toast
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(api.count(ROUTE)).toBe(3);
  });

  it('stops polling after a failed fetch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      [ROUTE]: ({ calls }) =>
        calls === 1 ? { body: progress({}) } : { status: 500, body: { message: 'Boom', code: 'INTERNAL' } },
    });
    renderWithProviders(<Banner />);
    expect(await screen.findByText('42%')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText('Import Status Error')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(api.count(ROUTE)).toBe(2);
  });
});
