import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A labelled figure inside a card: the label small and dimmed, the value bold beneath it, a hint below. */
export function Figure({
  label,
  value,
  color,
  size = 'md',
  hint,
}: {
  label: ReactNode;
  value: ReactNode;
  color?: string;
  size?: 'sm' | 'md' | 'lg';
  hint?: ReactNode;
}) {
  const fz = { sm: 'sm', md: 'md', lg: 'xl' }[size];
  return (
    <div style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={fz} fw={700} c={color} style={amountStyle} lh={1.35}>
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}
