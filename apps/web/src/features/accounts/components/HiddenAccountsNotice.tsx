import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconEyeOff, IconSparkles } from '@tabler/icons-react';
import { hiddenAccountsMessage, type Plan } from '@tally/shared';
import { Link } from 'react-router';

/**
 * On a bank's card when it reports more accounts than the person's plan includes: those are kept hidden and
 * their transactions are not imported. The way out is a bigger plan (or another bank disconnected).
 */
export function HiddenAccountsNotice({
  hidden,
  plan,
}: {
  hidden: number;
  plan: Pick<Plan, 'name' | 'accountLimit'>;
}) {
  const one = hidden === 1;
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)" role="note">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem' }}>
          <ThemeIcon variant="light" color="orange" size={28} radius="xl" aria-hidden>
            <IconEyeOff size={16} />
          </ThemeIcon>
          <div>
            <Text fz="sm" fw={600}>
              {hiddenAccountsMessage(plan, hidden)}
            </Text>
            <Text fz="xs" c="dimmed">
              {one ? 'Its balance and transactions are' : 'Their balances and transactions are'} not shown or
              imported while {one ? 'it is' : 'they are'} hidden.
            </Text>
          </div>
        </Group>
        {plan.accountLimit !== null && (
          <Button size="xs" component={Link} to="/settings#plan" leftSection={<IconSparkles size={14} />}>
            Upgrade
          </Button>
        )}
      </Group>
    </Paper>
  );
}
