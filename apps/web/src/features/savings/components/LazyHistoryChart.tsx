import { Text } from '@mantine/core';
import type { Cents } from '@tally/shared';
import { lazy } from 'react';
import { LazyChart } from '../../../components/LazyChart';
import type { BalancePoint } from '../goal-detail';

const HistoryChart = lazy(async () => ({ default: (await import('./HistoryChart')).HistoryChart }));

/** The balance chart, fetched only when its card comes near the screen. */
export function LazyHistoryChart({
  data,
  target,
  color,
  summary,
}: {
  data: BalancePoint[];
  target: Cents;
  color: string;
  summary: string;
}) {
  if (data.length < 2) {
    return (
      <Text fz="sm" c="dimmed">
        The chart starts once the goal has two days of history.
      </Text>
    );
  }
  return (
    <LazyChart height={220} summary={summary}>
      <HistoryChart data={data} target={target} color={color} />
    </LazyChart>
  );
}
