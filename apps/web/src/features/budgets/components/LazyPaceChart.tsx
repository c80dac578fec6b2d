import { Text } from '@mantine/core';
import { lazy } from 'react';
import { LazyChart } from '../../../components/LazyChart';
import type { PacePoint } from '../budget-summary';

const PaceChart = lazy(async () => ({ default: (await import('./PaceChart')).PaceChart }));

/** The pace chart, fetched only when its card comes near the screen. */
export function LazyPaceChart({ data, summary }: { data: PacePoint[]; summary: string }) {
  if (data.length < 2) {
    return (
      <Text fz="xs" c="dimmed">
        The pace chart starts once the period has two days behind it.
      </Text>
    );
  }
  return (
    <LazyChart height={150} summary={summary}>
      <PaceChart data={data} />
    </LazyChart>
  );
}
