import { Badge } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';

/** Marks what detection found: on a tracked subscription's card and on each detected row. */
export function AutoDetectedBadge() {
  return (
    <Badge
      color="indigo"
      variant="light"
      radius="sm"
      tt="none"
      size="sm"
      leftSection={<IconSparkles size={11} />}
    >
      Auto-detected
    </Badge>
  );
}
