import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: IconComponent,
  title,
  description,
  action,
  py = 'xl',
}: {
  icon: Icon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  py?: string | number;
}) {
  return (
    <Stack align="center" gap={8} py={py} ta="center">
      <ThemeIcon variant="light" size={48} radius="xl">
        <IconComponent size={24} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {description && (
        <Text fz="sm" c="dimmed" maw={360}>
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
