import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArchive, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Above a past budget: what it is, why it cannot change, and the way back. */
export function PastBudgetNotice({ name, hasActive }: { name: string; hasActive: boolean }) {
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconArchive size={18} />}
      title="You're viewing a past budget"
      // Said politely when a past budget opens; Mantine's default (alert) would interrupt.
      role="status"
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text fz="sm" maw={560}>
          “{name}” was archived when a newer budget replaced it. It shows its last period and can be deleted,
          but no longer edited.
        </Text>
        {/* The address without `?budget=`: the active budget, or the empty state when none is left. */}
        <Button
          component={Link}
          to={{ search: '' }}
          variant="default"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
        >
          {hasActive ? 'Back to active budget' : 'Back to budgets'}
        </Button>
      </Group>
    </Alert>
  );
}
