import { Box, Center, getThemeColor, useMantineTheme } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A ring filled to `value` percent with round caps and a label in the middle. Drawn here rather than with
 * Mantine's RingProgress, which brings a tooltip positioning library along to every page that shows one.
 */
export function ProgressRing({
  size,
  thickness,
  value,
  color,
  label,
}: {
  size: number;
  thickness: number;
  /** 0 to 100; anything outside is clamped. */
  value: number;
  /** A theme colour ('brand.6') or any CSS colour. */
  color: string;
  label?: ReactNode;
}) {
  const theme = useMantineTheme();
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.min(100, Math.max(0, value)) / 100) * circumference;
  const circle = { cx: size / 2, cy: size / 2, r: radius, fill: 'none', strokeWidth: thickness };
  return (
    <Box pos="relative" w={size} h={size}>
      <svg width={size} height={size} style={{ transform: 'rotate(-90deg)' }} aria-hidden>
        <circle {...circle} stroke="var(--mantine-color-default-border)" />
        {filled > 0 && (
          <circle
            {...circle}
            stroke={getThemeColor(color, theme)}
            strokeLinecap="round"
            strokeDasharray={`${filled} ${circumference}`}
          />
        )}
      </svg>
      <Center pos="absolute" inset={0}>
        {label}
      </Center>
    </Box>
  );
}
