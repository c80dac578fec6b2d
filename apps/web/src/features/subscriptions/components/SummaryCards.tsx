import { Card, SimpleGrid, Skeleton } from '@mantine/core';
import { IconCalendarRepeat, IconCategory, IconChecklist, IconReceipt2 } from '@tabler/icons-react';
import { type Cents, formatMoney, type SubscriptionSummary } from '@tally/shared';
import { StatCard } from '../../../components/StatCard';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Monthly Total, Yearly Total, Active Subscriptions and Categories (SPEC §2); active subscriptions only. */
export function SummaryCards({
  summary,
  failed,
  pausedCount,
}: {
  summary: SubscriptionSummary | undefined;
  /** The totals could not load: the cards say '--' rather than wait forever. */
  failed: boolean;
  pausedCount: number;
}) {
  if (!summary && !failed) return <SummaryCardsSkeleton />;
  const moneyOrDash = (cents: Cents | undefined) => (cents === undefined ? '--' : formatMoney(cents));
  const breakdown = summary?.categoryBreakdown ?? [];
  // The server lists the categories by monthly total, the largest first.
  const top = breakdown[0];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
      <StatCard
        label="Monthly Total"
        value={moneyOrDash(summary?.monthlyTotal)}
        hint={summary ? `Across ${plural(summary.activeCount, 'active subscription')}` : 'Totals unavailable'}
        icon={IconReceipt2}
        color="brand"
      />
      <StatCard
        label="Yearly Total"
        value={moneyOrDash(summary?.yearlyTotal)}
        hint="At today's prices"
        icon={IconCalendarRepeat}
        color="indigo"
      />
      <StatCard
        label="Active Subscriptions"
        value={summary?.activeCount ?? '--'}
        hint={pausedCount > 0 ? `${pausedCount} paused` : 'None paused'}
        icon={IconChecklist}
        color="teal"
      />
      <StatCard
        label="Categories"
        value={summary ? breakdown.length : '--'}
        hint={top ? `Most on ${top.categoryName}` : summary ? 'None yet' : 'Totals unavailable'}
        icon={IconCategory}
        color="grape"
      />
    </SimpleGrid>
  );
}

export function SummaryCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }} aria-hidden>
      {['monthly', 'yearly', 'active', 'categories'].map((key) => (
        <Card key={key} padding="md">
          <Skeleton h={14} w="60%" />
          <Skeleton h={28} w="75%" mt={10} />
          <Skeleton h={10} w="50%" mt={10} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
