import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Money } from '../../components/Money';
import { formatDay } from '../../lib/format';
import { RECENT_TRANSACTIONS, useRecentTransactions } from './api/get-recent-transactions';
import { PanelError } from './PanelStates';

const SKELETON_ROWS = Array.from({ length: RECENT_TRANSACTIONS }, (_, i) => `row-${i}`);

export function RecentTransactions() {
  const recent = useRecentTransactions();
  if (recent.isPending) {
    return (
      <Stack gap="sm">
        {SKELETON_ROWS.map((row) => (
          <Skeleton key={row} h={36} />
        ))}
      </Stack>
    );
  }
  if (recent.isError) {
    return (
      <PanelError
        message="Could not load your recent transactions."
        retrying={recent.isFetching}
        onRetry={() => void recent.refetch()}
      />
    );
  }
  // SPEC §9: the dashboard reads 50 and shows the newest 5.
  const rows = recent.data.transactions.slice(0, RECENT_TRANSACTIONS);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={IconArrowsExchange}
        title="No recent transactions"
        description="Link a bank on the Accounts page and your latest transactions show up here."
      />
    );
  }
  return (
    <Stack gap={0}>
      {rows.map((t) => (
        <Group
          key={t.id}
          justify="space-between"
          wrap="nowrap"
          py={10}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <div style={{ minWidth: 0 }}>
            <Text fw={500} truncate>
              {t.merchantName ?? t.description}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatDay(t.date)} · {t.categoryName}
              {t.pending ? ' · Pending' : ''}
            </Text>
          </div>
          <Money
            cents={t.amount}
            signed
            fw={600}
            c={t.amount > 0 ? 'var(--tally-money-in)' : undefined}
            style={{ whiteSpace: 'nowrap' }}
          />
        </Group>
      ))}
      <Button
        component={Link}
        to="/transactions"
        variant="subtle"
        size="compact-sm"
        mt="sm"
        style={{ alignSelf: 'flex-end' }}
      >
        View all transactions
      </Button>
    </Stack>
  );
}
