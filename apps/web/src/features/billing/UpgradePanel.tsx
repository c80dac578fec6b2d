import { Badge, Button, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconSparkles } from '@tabler/icons-react';
import { planOf } from '@tally/shared';
import { Link } from 'react-router';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { useChangePlan } from './api/billing';

const pro = planOf('pro');

/** After an upgrade from a prompt: the toast, or (Stripe) nothing, since the page is leaving for Checkout. */
export function useUpgradeToPro(onUpgraded?: () => void) {
  const change = useChangePlan();
  // Awaited rather than given callbacks: the panel is gone once the screen behind it loads, and the
  // toast must still say what happened.
  const upgrade = async () => {
    try {
      if ((await change.mutateAsync('pro')) !== 'applied') return;
      toast.success('Plan changed', `You're on ${pro.name} now: every ${pro.name} feature is open.`);
      onUpgraded?.();
    } catch (error) {
      toast.error('Error', serverMessage(error, 'Failed to change your plan. Please try again.'));
    }
  };
  return { upgrade, pending: change.isPending };
}

/**
 * What Starter sees where a Pro feature would be: what it is, what Pro adds, and the way to it — upgrade
 * here (self-hosted: at once; with Stripe: its Checkout), or compare the plans in Settings.
 */
export function UpgradePanel({
  title,
  description,
  compact = false,
  onUpgraded,
}: {
  title: string;
  description: string;
  /** In a dialog or drawer: no feature list, buttons full width on phones. */
  compact?: boolean;
  onUpgraded?: () => void;
}) {
  const { upgrade, pending } = useUpgradeToPro(onUpgraded);
  return (
    <Paper
      withBorder
      radius="lg"
      p={compact ? 'md' : 'xl'}
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-brand-light) 0%, var(--mantine-color-body) 65%)',
      }}
      role="region"
      aria-label={title}
    >
      <Stack gap="sm" align={compact ? 'stretch' : 'center'} ta={compact ? 'left' : 'center'}>
        <Group gap="sm" justify={compact ? 'flex-start' : 'center'} wrap="nowrap">
          <ThemeIcon variant="light" size={compact ? 36 : 48} radius="xl" aria-hidden>
            <IconSparkles size={compact ? 20 : 26} stroke={1.6} />
          </ThemeIcon>
          {compact && (
            <Text fw={700} fz="md">
              {title}
            </Text>
          )}
        </Group>
        {!compact && (
          <Group gap={8} justify="center">
            <Text fw={700} fz="lg" component="h2" m={0}>
              {title}
            </Text>
            <Badge variant="light" radius="sm">
              {pro.name}
            </Badge>
          </Group>
        )}
        <Text fz="sm" c="dimmed" maw={compact ? undefined : 460}>
          {description}
        </Text>
        {!compact && (
          <List
            spacing={4}
            fz="sm"
            center
            mx="auto"
            ta="left"
            icon={
              <ThemeIcon variant="transparent" size={18} aria-hidden>
                <IconCheck size={16} />
              </ThemeIcon>
            }
          >
            {pro.features.slice(0, 4).map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        )}
        <Group gap="sm" justify={compact ? 'flex-start' : 'center'} mt={4}>
          <Button leftSection={<IconSparkles size={16} />} loading={pending} onClick={() => void upgrade()}>
            Upgrade to {pro.name}
          </Button>
          <Button variant="default" component={Link} to="/settings#plan">
            Compare plans
          </Button>
        </Group>
        <Text fz="xs" c="dimmed">
          ${pro.priceMonthly}/month. No cancellation fees.
        </Text>
      </Stack>
    </Paper>
  );
}
