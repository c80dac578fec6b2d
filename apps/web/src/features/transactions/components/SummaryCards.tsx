import { SimpleGrid } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconScale } from '@tabler/icons-react';
import { formatMoney, type TransactionSummary } from '@tally/shared';
import { IconStatCard } from '../../../components/StatCard';
import { formatSignedMoney } from '../../../lib/format';

/** Total Income, Total Expenses and Net Amount for the filters on screen; '--' while there is no answer. */
export function SummaryCards({
  summary,
  loading,
  compact,
}: {
  summary?: TransactionSummary;
  loading: boolean;
  compact: boolean;
}) {
  const net = summary?.netAmount;
  return (
    <SimpleGrid cols={compact ? 1 : 3} spacing={compact ? 'xs' : 'md'}>
      <IconStatCard
        compact={compact}
        label="Total Income"
        icon={IconArrowDownLeft}
        color="brand"
        loading={loading}
        value={summary ? formatMoney(summary.totalIncome) : '--'}
        valueColor={summary && summary.totalIncome > 0 ? 'var(--tx-positive)' : undefined}
      />
      <IconStatCard
        compact={compact}
        label="Total Expenses"
        icon={IconArrowUpRight}
        color="red"
        loading={loading}
        value={summary ? formatMoney(summary.totalExpenses) : '--'}
      />
      <IconStatCard
        compact={compact}
        label="Net Amount"
        icon={IconScale}
        color="indigo"
        loading={loading}
        value={net === undefined ? '--' : formatSignedMoney(net)}
        valueColor={
          net === undefined
            ? undefined
            : net > 0
              ? 'var(--tx-positive)'
              : net < 0
                ? 'var(--tx-negative)'
                : undefined
        }
        caption={
          summary
            ? `${summary.transactionCount.toLocaleString('en-US')} transaction${summary.transactionCount === 1 ? '' : 's'}`
            : undefined
        }
      />
    </SimpleGrid>
  );
}
