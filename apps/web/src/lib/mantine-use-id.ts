import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` for the built app (vite.config.ts puts it in place of @mantine/hooks' own). Mantine's
 * renders with React's id, then swaps in a random one from a layout effect: every input, select, popover,
 * tooltip and dialog draws twice as it mounts, the second time synchronously (a third of a screen's first
 * commit on a phone). React's id is already unique and the same in prerendered HTML and in the browser,
 * so this keeps it.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
