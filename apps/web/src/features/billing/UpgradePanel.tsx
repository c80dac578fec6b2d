import { Badge, Button, Group, List, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconSparkles } from '@tabler/icons-react';
import { type Plan, planOf, TRIAL_DAYS } from '@tally/shared';
import { Link } from 'react-router';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { appliedMessage, useBilling, useChangePlan } from './api/billing';

/**
 * Upgrading from a prompt: what its button says (a first paid plan starts its free trial; where the
 * operator sets plans there is no button), and after it the toast, or nothing when the page is leaving for
 * Stripe's Checkout.
 */
function useUpgrade(plan: Plan, onUpgraded?: () => void) {
  const change = useChangePlan();
  const billingQuery = useBilling();
  const billing = billingQuery.data;
  // Awaited rather than given callbacks: the panel is gone once the screen behind it loads, and the
  // toast must still say what happened.
  const upgrade = async () => {
    try {
      const state = await change.mutateAsync(plan.code);
      if (!state) return;
      toast.success(...appliedMessage(state));
      onUpgraded?.();
    } catch (error) {
      toast.error('Error', serverMessage(error, 'Failed to change your plan. Please try again.'));
    }
  };
  return {
    upgrade,
    pending: change.isPending,
    trial: !!billing?.trialAvailable,
    /** Null where plans are the operator's (nobody upgrades themselves there); undefined until known. */
    label: !billing
      ? billingQuery.isError
        ? `Upgrade to ${plan.name}`
        : undefined
      : billing.provider === 'self-hosted'
        ? null
        : billing.trialAvailable
          ? `Try ${plan.name} free for ${TRIAL_DAYS} days`
          : `Upgrade to ${plan.name}`,
  };
}

/**
 * What a plan without a feature sees where it would be: what it is, what the plan that has it adds, and the
 * way to it — its free trial or an upgrade here (Stripe's Checkout), or compare the plans in Settings.
 */
export function UpgradePanel({
  title,
  description,
  plan: planCode = 'pro',
  compact = false,
  onUpgraded,
}: {
  title: string;
  description: string;
  /** The cheapest plan with the feature. */
  plan?: 'pro' | 'premium';
  /** In a dialog or drawer: no feature list, buttons full width on phones. */
  compact?: boolean;
  onUpgraded?: () => void;
}) {
  const plan = planOf(planCode);
  const { upgrade, pending, label, trial } = useUpgrade(plan, onUpgraded);
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
              {plan.name}
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
            {plan.features.slice(0, 4).map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        )}
        {label === undefined ? (
          <Skeleton h={36} w={220} mx={compact ? undefined : 'auto'} radius="md" />
        ) : label === null ? (
          <Text fz="sm" fw={500}>
            The plan this server provides does not include it: ask whoever runs it.
          </Text>
        ) : (
          <>
            <Group gap="sm" justify={compact ? 'flex-start' : 'center'} mt={4}>
              <Button
                leftSection={<IconSparkles size={16} />}
                loading={pending}
                onClick={() => void upgrade()}
              >
                {label}
              </Button>
              <Button variant="default" component={Link} to="/settings#plan">
                Compare plans
              </Button>
            </Group>
            <Text fz="xs" c="dimmed">
              ${plan.priceMonthly}/month{trial ? ' after the trial' : ''}. No cancellation fees.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
