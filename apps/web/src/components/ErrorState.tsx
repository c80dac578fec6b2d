import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A screen's content could not load: what failed (and why, when known), and a way to ask again. */
export function ErrorState({
  message,
  detail,
  onRetry,
}: {
  message: string;
  detail?: ReactNode;
  onRetry: () => void;
}) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" role="alert">
      <ThemeIcon variant="light" color="red" size={48} radius="xl">
        <IconAlertTriangle size={24} stroke={1.6} />
      </ThemeIcon>
      <div>
        <Text fw={600}>{message}</Text>
        {detail && (
          <Text fz="sm" c="dimmed" maw={420} mt={4}>
            {detail}
          </Text>
        )}
      </div>
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
        Try Again
      </Button>
    </Stack>
  );
}
