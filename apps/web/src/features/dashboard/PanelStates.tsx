import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** One panel could not load: says which, with Retry; the rest of the dashboard stays as it is. */
export function PanelError({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Stack align="center" py="lg" gap="xs" ta="center" role="alert">
      <Text c="dimmed">{message}</Text>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconRefresh size={14} />}
        loading={retrying}
        onClick={onRetry}
      >
        Retry
      </Button>
    </Stack>
  );
}
