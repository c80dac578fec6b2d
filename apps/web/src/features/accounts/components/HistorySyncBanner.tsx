import { CloseButton, Group, Loader, Paper, Progress, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCloudDownload } from '@tabler/icons-react';
import type { HistorySyncStatus } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '../../../components/toast';
import { queryKeys } from '../../../lib/query-keys';
import { useHistorySyncProgress } from '../api/get-history-sync-progress';
import { HISTORY_SYNC_STATUS_MESSAGES, historySyncBannerView } from '../history-sync-status';

const inFlight = (status: HistorySyncStatus | undefined) => status === 'Pending' || status === 'InProgress';

/**
 * The history sync of one connection (its history downloaded from the bank in the background). It fetches
 * the progress once; only a sync that is still running is polled (every 5 s), and when it finishes the
 * balances and transactions are fetched again.
 */
export function HistorySyncBanner({
  connectionId,
  institutionName,
  enabled = true,
  dismissed,
  onDismiss,
}: {
  connectionId: string;
  institutionName: string;
  enabled?: boolean;
  dismissed: boolean;
  onDismiss: () => void;
}) {
  const queryClient = useQueryClient();
  const { data: progress, isError } = useHistorySyncProgress(connectionId, enabled);

  // Seen running and now finished: this is the moment to refresh what the sync changed.
  const previous = useRef<HistorySyncStatus | undefined>(undefined);
  const status = progress?.status;
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (!inFlight(was) || inFlight(status)) return;
    if (status === 'Completed') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts.connections });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
      toast.success(
        HISTORY_SYNC_STATUS_MESSAGES.Completed,
        `${institutionName}: your full history is now in Tally.`,
        { withIcon: true, autoClose: 6000 },
      );
    } else if (status === 'Failed') {
      toast.error(
        HISTORY_SYNC_STATUS_MESSAGES.Failed,
        `The history of ${institutionName} could not be imported.`,
        {
          withIcon: true,
        },
      );
    }
  }, [status, institutionName, queryClient]);

  const view = enabled ? historySyncBannerView({ progress, isError, dismissed }) : null;
  if (!view) return null;

  const isErrorView = view.kind === 'error';
  const color = isErrorView ? 'red' : 'brand';
  return (
    <Paper
      role={isErrorView ? 'alert' : 'status'}
      aria-label={`Import status for ${institutionName}`}
      p="sm"
      radius="md"
      bg={`var(--mantine-color-${color}-light)`}
      style={{ border: `1px solid var(--mantine-color-${color}-light-hover)` }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color={color} size={32} radius="xl" aria-hidden>
          {isErrorView ? (
            <IconAlertTriangle size={18} />
          ) : view.status === 'Pending' ? (
            <Loader size={14} color={color} />
          ) : (
            <IconCloudDownload size={18} />
          )}
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} fz="sm" lh={1.4}>
            {view.title}
          </Text>
          <Text fz="xs" c="dimmed" mt={2}>
            {view.message}
          </Text>
          {view.kind === 'progress' && view.percent !== null && (
            <Group gap="sm" mt={8} wrap="nowrap">
              <Progress
                value={view.percent}
                size="sm"
                radius="xl"
                animated
                style={{ flex: 1 }}
                aria-label={`Import progress for ${institutionName}`}
              />
              <Text fw={700} fz="xs" miw={34} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {view.percent}%
              </Text>
            </Group>
          )}
        </div>
        <CloseButton size="sm" aria-label="Dismiss import status" onClick={onDismiss} />
      </Group>
    </Paper>
  );
}
