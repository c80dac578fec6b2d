import { Button, Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  type Icon,
  IconArrowDownRight,
  IconArrowUpRight,
  IconMinus,
  IconPigMoney,
  IconReceipt,
  IconRefresh,
  IconTrendingUp,
  IconWallet,
} from '@tabler/icons-react';
import { accountTotals, formatMoney, type PeriodRange } from '@tally/shared';
import { useQuery } from '@tanstack/react-query';
import { accountsQuery } from '../accounts';
import { usePeriodSummary } from './api/get-period-summary';
import { balanceStat, describeChange, flowStats, type Stat } from './dashboard-stats';

type CardState =
  | { kind: 'loading' }
  | { kind: 'error'; retrying: boolean; onRetry: () => void }
  | { kind: 'ready'; stat: Stat; secondary?: string };

const TONE_COLOR = { good: 'var(--tally-money-in)', bad: 'var(--mantine-color-red-text)', neutral: 'dimmed' };
// The arrow follows the direction; its colour says whether that is good news.
const TONE_ICON = { good: IconArrowUpRight, bad: IconArrowDownRight, neutral: IconMinus };

function Change({
  change,
  moreIsGood,
  against,
  fallback,
}: {
  change: number | null;
  moreIsGood: boolean;
  against: string;
  fallback: string;
}) {
  // SPEC §7: no percent when the previous figure was 0 (or is unknown); what the figure covers instead.
  if (change === null) {
    return (
      <Text fz="xs" c="dimmed" mt={2}>
        {fallback}
      </Text>
    );
  }
  const { text, label, tone } = describeChange(change, { moreIsGood });
  const Arrow = TONE_ICON[change > 0 ? 'good' : change < 0 ? 'bad' : 'neutral'];
  return (
    <Group gap={6} wrap="nowrap" mt={2}>
      <Text
        fz="xs"
        fw={600}
        c={TONE_COLOR[tone]}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
      >
        <Arrow size={14} aria-hidden />
        <span aria-hidden>{text}</span>
        <VisuallyHidden>{label}</VisuallyHidden>
      </Text>
      <Text fz="xs" c="dimmed" truncate>
        {against}
      </Text>
    </Group>
  );
}

function DashboardStatCard({
  label,
  icon: IconComponent,
  color,
  state,
  moreIsGood,
  against,
  fallback,
}: {
  label: string;
  icon: Icon;
  color: string;
  state: CardState;
  moreIsGood: boolean;
  against: string;
  fallback: string;
}) {
  return (
    <Card padding="md" role="group" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fz="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={34} radius="md" aria-hidden visibleFrom="xs">
          <IconComponent size={18} stroke={1.7} />
        </ThemeIcon>
      </Group>
      {state.kind === 'loading' && (
        <>
          <Skeleton h={28} w="70%" mt={6} />
          <Skeleton h={12} w="50%" mt={10} />
        </>
      )}
      {state.kind === 'error' && (
        <Group gap="xs" mt={6} role="alert">
          <Text fz="sm" c="dimmed">
            Could not load
          </Text>
          <Button
            variant="default"
            size="compact-xs"
            leftSection={<IconRefresh size={12} />}
            loading={state.retrying}
            onClick={state.onRetry}
          >
            Retry
          </Button>
        </Group>
      )}
      {state.kind === 'ready' && (
        <>
          <Text
            fz={{ base: 22, sm: 26 }}
            fw={700}
            lh={1.2}
            mt={4}
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {formatMoney(state.stat.cents)}
          </Text>
          <Change change={state.stat.change} moreIsGood={moreIsGood} against={against} fallback={fallback} />
          {state.secondary && (
            <Text fz="xs" c="dimmed" mt={2}>
              {state.secondary}
            </Text>
          )}
        </>
      )}
    </Card>
  );
}

const PREVIOUS_PERIOD = 'vs previous 30 days';

/**
 * SPEC §2's four figures: Total Balance (depository and investment accounts; credit used beside it), and
 * the last 30 days' income, expenses and savings, each with its change against the 30 days before.
 */
export function StatCards({ current, previous }: { current: PeriodRange; previous: PeriodRange }) {
  const accounts = useQuery(accountsQuery);
  const now = usePeriodSummary(current);
  const before = usePeriodSummary(previous);

  let balance: CardState;
  if (accounts.isPending) balance = { kind: 'loading' };
  else if (accounts.isError) {
    balance = { kind: 'error', retrying: accounts.isFetching, onRetry: () => void accounts.refetch() };
  } else {
    const { creditUsed } = accountTotals(accounts.data);
    balance = {
      kind: 'ready',
      stat: balanceStat(accounts.data, now.data),
      secondary: creditUsed > 0 ? `Credit used ${formatMoney(creditUsed)}` : undefined,
    };
  }

  // The previous period only adds the changes: while it loads the figures wait for it, and when it fails
  // they show without a change rather than not at all.
  let flows: { kind: 'loading' } | { kind: 'error'; retrying: boolean; onRetry: () => void } | null = null;
  if (now.isPending || before.isPending) flows = { kind: 'loading' };
  else if (now.isError)
    flows = { kind: 'error', retrying: now.isFetching, onRetry: () => void now.refetch() };
  const stats = now.data && !flows ? flowStats(now.data, before.data) : null;
  const flowState = (pick: (s: NonNullable<typeof stats>) => Stat): CardState =>
    stats ? { kind: 'ready', stat: pick(stats) } : (flows ?? { kind: 'loading' });

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <DashboardStatCard
        label="Total Balance"
        icon={IconWallet}
        color="brand"
        state={balance}
        moreIsGood
        against="vs 30 days ago"
        fallback="Bank and investment accounts"
      />
      <DashboardStatCard
        label="Monthly Income"
        icon={IconTrendingUp}
        color="teal"
        state={flowState((s) => s.income)}
        moreIsGood
        against={PREVIOUS_PERIOD}
        fallback="Last 30 days"
      />
      <DashboardStatCard
        label="Monthly Expenses"
        icon={IconReceipt}
        color="red"
        state={flowState((s) => s.expenses)}
        moreIsGood={false}
        against={PREVIOUS_PERIOD}
        fallback="Last 30 days"
      />
      <DashboardStatCard
        label="Monthly Savings"
        icon={IconPigMoney}
        color="indigo"
        state={flowState((s) => s.savings)}
        moreIsGood
        against={PREVIOUS_PERIOD}
        fallback="Last 30 days"
      />
    </SimpleGrid>
  );
}
