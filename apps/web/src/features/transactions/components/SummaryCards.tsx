import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconArrowDownLeft, IconArrowUpRight, IconScale } from '@tabler/icons-react';
import type { TransactionSummary } from '@tally/shared';
import { formatCurrency, formatSignedCurrency } from '../../../lib/format';
import classes from '../transactions.module.css';

function SummaryCard({
  label,
  value,
  color,
  icon: IconComponent,
  loading,
  valueColor,
  caption,
  compact,
}: {
  compact: boolean;
  label: string;
  value: string;
  color: string;
  icon: Icon;
  loading: boolean;
  valueColor?: string;
  caption?: string;
}) {
  if (compact) {
    // Phones: one line per card, so the three totals do not push the list below the fold.
    return (
      <Card padding="sm" radius="md">
        <Group gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={color} size={32} radius="md" aria-hidden>
              <IconComponent size={18} stroke={1.7} />
            </ThemeIcon>
            <Text fz="sm" c="dimmed" fw={500}>
              {label}
            </Text>
          </Group>
          {loading ? (
            <Skeleton height={20} width={96} />
          ) : (
            <Text fz="lg" fw={700} className={classes.amount} c={valueColor}>
              {value}
            </Text>
          )}
        </Group>
      </Card>
    );
  }
  return (
    <Card padding="md">
      <Group gap="md" wrap="nowrap">
        <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
          <IconComponent size={22} stroke={1.7} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fz="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={26} width={120} mt={4} />
          ) : (
            <Text fz={24} fw={700} lh={1.25} className={classes.amount} c={valueColor}>
              {value}
            </Text>
          )}
          {caption && !loading && (
            <Text fz="xs" c="dimmed">
              {caption}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}

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
      <SummaryCard
        compact={compact}
        label="Total Income"
        icon={IconArrowDownLeft}
        color="brand"
        loading={loading}
        value={summary ? formatCurrency(summary.totalIncome) : '--'}
        valueColor={summary && summary.totalIncome > 0 ? 'var(--tx-positive)' : undefined}
      />
      <SummaryCard
        compact={compact}
        label="Total Expenses"
        icon={IconArrowUpRight}
        color="red"
        loading={loading}
        value={summary ? formatCurrency(summary.totalExpenses) : '--'}
      />
      <SummaryCard
        compact={compact}
        label="Net Amount"
        icon={IconScale}
        color="indigo"
        loading={loading}
        value={net === undefined ? '--' : formatSignedCurrency(net)}
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
