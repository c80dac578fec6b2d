import { ThemeIcon } from '@mantine/core';
import type { GoalColor, GoalIcon } from '@tally/shared';
import { goalColor, goalIcon } from '../goal-visuals';

/** A savings goal's icon in its colour. */
export function GoalAvatar({ icon, color, size = 42 }: { icon: GoalIcon; color: GoalColor; size?: number }) {
  const Icon = goalIcon(icon);
  return (
    <ThemeIcon variant="light" color={goalColor(color)} radius="md" size={size} aria-hidden>
      <Icon size={size * 0.52} stroke={1.7} />
    </ThemeIcon>
  );
}
