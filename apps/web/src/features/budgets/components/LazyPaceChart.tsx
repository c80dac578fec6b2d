import { Box, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { whenNearViewport } from '../../../lib/when-near-viewport';
import type { PacePoint } from '../budget-summary';

const PaceChart = lazy(async () => ({ default: (await import('./PaceChart')).PaceChart }));

const HEIGHT = 150;

/**
 * The pace chart, fetched only when its card comes near the screen: the charting library is its own
 * chunk, never part of the screen's first load.
 */
export function LazyPaceChart({ data, summary }: { data: PacePoint[]; summary: string }) {
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
      <Text fz="xs" c="dimmed">
        The pace chart starts once the period has two days behind it.
      </Text>
    );
  }
  const placeholder = <Skeleton h={HEIGHT} radius="md" aria-hidden />;
  return (
    <Box component="figure" m={0} id={id}>
      <div aria-hidden>
        {near ? (
          <Suspense fallback={placeholder}>
            <PaceChart data={data} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      <VisuallyHidden component="figcaption">{summary}</VisuallyHidden>
    </Box>
  );
}
