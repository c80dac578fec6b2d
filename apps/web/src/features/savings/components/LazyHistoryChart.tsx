import { Box, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { whenNearViewport } from '../../../lib/when-near-viewport';
import type { BalancePoint } from '../goal-detail';

const HistoryChart = lazy(async () => ({ default: (await import('./HistoryChart')).HistoryChart }));

const HEIGHT = 220;

/**
 * The balance chart, fetched only when its card comes near the screen: the charting library is its own
 * chunk, never part of the screen's first load.
 */
export function LazyHistoryChart({
  data,
  target,
  color,
  summary,
}: {
  data: BalancePoint[];
  target: number;
  color: string;
  summary: string;
}) {
  const id = useId();
  const [near, setNear] = useState(false);
  useEffect(() => {
    let live = true;
    void whenNearViewport(id).then(() => {
      if (live) setNear(true);
    });
    return () => {
      live = false;
    };
  }, [id]);

  if (data.length < 2) {
    return (
      <Text fz="sm" c="dimmed">
        The chart starts once the goal has two days of history.
      </Text>
    );
  }
  const placeholder = <Skeleton h={HEIGHT} radius="md" aria-hidden />;
  return (
    <Box component="figure" m={0} id={id}>
      <div aria-hidden>
        {near ? (
          <Suspense fallback={placeholder}>
            <HistoryChart data={data} target={target} color={color} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      <VisuallyHidden component="figcaption">{summary}</VisuallyHidden>
    </Box>
  );
}
