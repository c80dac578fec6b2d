import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

/** A screen's content could not load: what failed, and a way to ask again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" role="alert">
      <ThemeIcon variant="light" color="red" size={48} radius="xl">
        <IconAlertTriangle size={24} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600}>{message}</Text>
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
        Try Again
      </Button>
    </Stack>
  );
}
