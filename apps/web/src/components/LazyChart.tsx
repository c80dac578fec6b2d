import { Box, Skeleton, VisuallyHidden } from '@mantine/core';
import { type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { whenNearViewport } from '../lib/when-near-viewport';

/**
 * A chart fetched only when its card comes near the screen: the charting library is its own chunk, never
 * part of a screen's first load. The picture is hidden from screen readers; the caption says it.
 */
export function LazyChart({
  height,
  summary,
  children,
}: {
  height: number;
  summary: string;
  children: ReactNode;
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
  const placeholder = <Skeleton h={height} radius="md" aria-hidden />;
  return (
    <Box component="figure" m={0} id={id} mih={height}>
      <div aria-hidden>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>
      <VisuallyHidden component="figcaption">{summary}</VisuallyHidden>
    </Box>
  );
}
