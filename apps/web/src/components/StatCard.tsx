import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type StatProps = {
  label: string;
  value: ReactNode;
  icon: Icon;
  /** The icon's colour. */
  color: string;
  valueColor?: string;
};

// Amounts in the cards keep their digits in columns and never wrap.
const amountStyle = { fontVariantNumeric: 'tabular-nums' } as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** A summary figure: label with the icon in the corner, the value large, a hint below (the Accounts cards). */
export function StatCard({
  label,
  value,
  hint,
  icon: IconComponent,
  color,
  valueColor,
}: StatProps & { hint: string }) {
  return (
    <Card padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fz="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={34} radius="md" aria-hidden visibleFrom="xs">
          <IconComponent size={18} stroke={1.7} />
        </ThemeIcon>
      </Group>
      <Text fz={{ base: 20, sm: 26 }} fw={700} lh={1.2} mt={4} c={valueColor} style={amountStyle}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}

/**
 * A summary figure with the icon beside it and a skeleton while loading (the Transactions totals).
 * Compact, for phones: one line per card, so a row of totals does not push the content below the fold.
 */
export function IconStatCard({
  label,
  value,
  icon: IconComponent,
  color,
  valueColor,
  caption,
  loading,
  compact,
}: StatProps & { caption?: string; loading: boolean; compact: boolean }) {
  if (compact) {
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
            <Text fz="lg" fw={700} style={nowrap} c={valueColor}>
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
            <Text fz={24} fw={700} lh={1.25} style={nowrap} c={valueColor}>
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
