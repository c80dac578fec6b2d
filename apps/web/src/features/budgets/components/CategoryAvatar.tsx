import { ThemeIcon } from '@mantine/core';
import { categoryColor, categoryIcon } from '../../transactions';

export function CategoryAvatar({ code, size = 40 }: { code: number; size?: number }) {
  const Icon = categoryIcon(code);
  return (
    <ThemeIcon variant="light" color={categoryColor(code)} radius="md" size={size} aria-hidden>
      <Icon size={size * 0.5} stroke={1.7} />
    </ThemeIcon>
  );
}
