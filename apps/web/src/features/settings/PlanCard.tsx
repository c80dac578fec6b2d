import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCreditCard, IconSparkles } from '@tabler/icons-react';
import { type BillingState, PLAN_RANK, PLANS, type Plan, planOf, TRIAL_DAYS } from '@tally/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth, useCurrentUser } from '../../app/auth';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { appliedMessage, useBilling, useCancelPlan, useChangePlan, useOpenPortal } from '../billing';
import { getProfile } from './api/get-profile';

const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const dateOf = (iso: string | null) => (iso ? day.format(new Date(iso)) : null);
const FAILED = 'Failed to change your plan. Please try again.';

/** The line under the plan's name: the trial's days, when a paid plan renews or ends, or the free tier. */
function standing(state: BillingState): string {
  if (state.provider === 'self-hosted') {
    return `Provided by this server: everything ${state.planName} includes, set by whoever runs it.`;
  }
  if (state.onTrial) {
    const days = state.trialDaysLeft ?? 0;
    // Days are the person's calendar days, so on the trial's last day none are left but today.
    if (days === 0) return `Your ${state.planName} trial ends today`;
    return `${days} ${days === 1 ? 'day' : 'days'} left in your ${state.planName} trial`;
  }
  const cancels = dateOf(state.planCancelsAt);
  if (cancels) return `Cancelled: your ${state.planName} plan ends on ${cancels}, then you move to Starter.`;
  const renews = dateOf(state.planPeriodEndsAt);
  if (state.paidPlan !== 'starter') {
    return renews
      ? `Your ${state.planName} plan renews on ${renews}.`
      : `Your ${state.planName} plan is active.`;
  }
  return state.trialAvailable
    ? `The free plan. Try Pro or Premium free for ${TRIAL_DAYS} days: nothing is charged until you subscribe.`
    : 'The free plan: basic budgeting and transaction tracking.';
}

/** What the button on a plan's card offers, from where the person stands. */
function actionFor(
  plan: Plan,
  state: BillingState,
): { label: string; kind: 'current' | 'change' | 'cancel' } {
  if (plan.code === state.paidPlan && !state.onTrial) return { label: 'Current plan', kind: 'current' };
  if (plan.code === 'starter') return { label: state.onTrial ? 'End trial' : 'Cancel plan', kind: 'cancel' };
  if (state.trialAvailable) return { label: `Try free for ${TRIAL_DAYS} days`, kind: 'change' };
  if (state.onTrial) {
    return { label: `${plan.code === state.plan ? 'Subscribe to' : 'Choose'} ${plan.name}`, kind: 'change' };
  }
  return {
    label:
      PLAN_RANK[plan.code] > PLAN_RANK[state.paidPlan] ? `Upgrade to ${plan.name}` : `Switch to ${plan.name}`,
    kind: 'change',
  };
}

/**
 * Settings' Plan section (SPEC §1). With Stripe: the plan in force and the trial's days left, a card per
 * plan to change to (the first paid plan chosen starts its free trial; paying goes through Checkout and a
 * paid plan is managed in the portal), and cancelling with a confirmation. Without payments: the plan the
 * server provides and what it includes, with no price and nothing to change.
 */
export function PlanCard() {
  const billing = useBilling();
  const change = useChangePlan();
  const cancel = useCancelPlan();
  const portal = useOpenPortal();
  const [confirming, confirm] = useDisclosure(false);
  const [params, setParams] = useSearchParams();

  // Back from Stripe's Checkout: say what happened, once.
  const returned = params.get('billing');
  useEffect(() => {
    if (!returned) return;
    if (returned === 'success')
      toast.success('Payment received', 'Your plan changes as soon as Stripe confirms the payment.');
    else toast.info('Checkout cancelled', 'Nothing was charged and your plan is unchanged.');
    void billing.refetch();
    setParams(
      (p) => {
        p.delete('billing');
        return p;
      },
      { replace: true },
    );
  }, [returned, billing.refetch, setParams]);

  const choose = (plan: Plan) =>
    change.mutate(plan.code, {
      onSuccess: (state) => {
        if (state) toast.success(...appliedMessage(state));
      },
      onError: (error) => toast.error('Error', serverMessage(error, FAILED)),
    });

  const endPlan = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        confirm.close();
        toast.success('Plan cancelled', 'Your plan has been cancelled.');
      },
      onError: (error) =>
        toast.error('Error', serverMessage(error, 'Failed to cancel your plan. Please try again.')),
    });

  // A plan moved elsewhere (Stripe's webhook, another browser): the signed-in user follows, so every
  // screen offers what the plan now allows.
  const { setUser } = useAuth();
  const user = useCurrentUser();
  const stale =
    !!billing.data &&
    (billing.data.paidPlan !== user.plan ||
      billing.data.trialEndsAt !== user.trialEndsAt ||
      (billing.data.onTrial && billing.data.plan !== user.trialPlan));
  useEffect(() => {
    if (!stale) return;
    const controller = new AbortController();
    getProfile(controller.signal)
      .then(setUser)
      .catch(() => {});
    return () => controller.abort();
  }, [stale, setUser]);

  const state = billing.data;
  const busy = change.isPending || cancel.isPending || portal.isPending;
  const runsToPeriodEnd = state?.provider === 'stripe' && state.paidPlan !== 'starter' && !state.onTrial;

  return (
    <Card id="plan">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          Plan
        </Title>
        {state?.provider === 'stripe' && state.paidPlan !== 'starter' && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconCreditCard size={14} />}
            loading={portal.isPending}
            disabled={busy}
            onClick={() =>
              portal.mutate(undefined, {
                onError: (error) =>
                  toast.error('Error', serverMessage(error, 'Failed to open billing. Please try again.')),
              })
            }
          >
            Manage billing
          </Button>
        )}
      </Group>
      {billing.isPending ? (
        <Skeleton h={220} />
      ) : !state ? (
        <Group justify="space-between">
          <Text c="dimmed" fz="sm">
            Your plan could not be loaded.
          </Text>
          <Button variant="default" size="xs" onClick={() => void billing.refetch()}>
            Retry
          </Button>
        </Group>
      ) : (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
              <IconSparkles size={22} stroke={1.6} />
            </ThemeIcon>
            <div>
              <Group gap={8}>
                <Text fw={700}>{state.planName}</Text>
                {state.onTrial && (
                  <Badge variant="light" color="orange">
                    Trial
                  </Badge>
                )}
                {state.provider === 'self-hosted' && (
                  <Badge variant="light" color="gray">
                    This server
                  </Badge>
                )}
              </Group>
              <Text fz="sm" c="dimmed" data-testid="plan-standing">
                {standing(state)}
              </Text>
              <Text fz="sm" c="dimmed">
                {state.accountLimit === null
                  ? `${state.linkedAccounts} bank ${state.linkedAccounts === 1 ? 'account' : 'accounts'} linked, no limit`
                  : `${state.linkedAccounts} of ${state.accountLimit} bank accounts linked`}
              </Text>
            </div>
          </Group>

          {state.provider === 'self-hosted' ? (
            <ServerPlan plan={planOf(state.plan)} />
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {PLANS.map((plan) => {
                  const action = actionFor(plan, state);
                  const inForce = plan.code === state.plan;
                  return (
                    <Paper
                      key={plan.code}
                      withBorder
                      radius="md"
                      p="md"
                      role="group"
                      aria-label={`${plan.name} plan`}
                      style={
                        inForce
                          ? { borderColor: 'var(--mantine-color-brand-filled)', borderWidth: 2 }
                          : undefined
                      }
                    >
                      <Stack gap={6} h="100%">
                        <Group justify="space-between" gap={4}>
                          <Text fw={700}>{plan.name}</Text>
                          {inForce && (
                            <Badge size="sm" variant="light">
                              {state.onTrial ? 'Trial' : 'Current'}
                            </Badge>
                          )}
                        </Group>
                        <Text fz="xl" fw={700} lh={1.2}>
                          {plan.priceMonthly === 0 ? 'Free' : `$${plan.priceMonthly}`}
                          {plan.priceMonthly > 0 && (
                            <Text span fz="sm" c="dimmed" fw={400}>
                              /month
                            </Text>
                          )}
                        </Text>
                        <List
                          spacing={2}
                          fz="xs"
                          c="dimmed"
                          center
                          icon={
                            <ThemeIcon variant="transparent" size={14} aria-hidden>
                              <IconCheck size={12} />
                            </ThemeIcon>
                          }
                          style={{ flexGrow: 1 }}
                        >
                          {plan.features.slice(0, 4).map((feature) => (
                            <List.Item key={feature}>{feature}</List.Item>
                          ))}
                        </List>
                        <Button
                          mt={4}
                          fullWidth
                          size="sm"
                          variant={
                            action.kind === 'change'
                              ? 'filled'
                              : action.kind === 'cancel'
                                ? 'outline'
                                : 'default'
                          }
                          color={action.kind === 'cancel' ? 'red' : undefined}
                          disabled={action.kind === 'current' || busy}
                          loading={change.isPending && change.variables === plan.code}
                          onClick={() => (action.kind === 'cancel' ? confirm.open() : choose(plan))}
                        >
                          {action.label}
                        </Button>
                      </Stack>
                    </Paper>
                  );
                })}
              </SimpleGrid>
              <Text fz="xs" c="dimmed">
                Payments are handled securely by Stripe. No cancellation fees.
              </Text>
            </>
          )}
        </Stack>
      )}

      <Dialog
        opened={confirming}
        onClose={confirm.close}
        pending={cancel.isPending}
        title={
          state?.onTrial ? `End your ${state.planName} trial?` : `Cancel your ${state?.planName ?? ''} plan?`
        }
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            {runsToPeriodEnd
              ? `Your plan stays active until the end of the period you paid for${state?.planPeriodEndsAt ? ` (${dateOf(state.planPeriodEndsAt)})` : ''}, then you move to Starter.`
              : 'You move to Starter now.'}{' '}
            Your linked bank accounts and data stay; what your plan adds to Starter closes until you upgrade
            again.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={confirm.close} disabled={cancel.isPending}>
              Keep my plan
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={endPlan}>
              {state?.onTrial ? 'End trial' : 'Cancel plan'}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Card>
  );
}

/** What the plan a server provides includes, in full: there is nothing to choose. */
function ServerPlan({ plan }: { plan: Plan }) {
  const features =
    plan.code === 'premium'
      ? [...planOf('pro').features, ...plan.features.filter((f) => f !== 'Everything in Pro')]
      : plan.features;
  return (
    <List
      fz="sm"
      center
      icon={
        <ThemeIcon variant="transparent" size={16} aria-hidden>
          <IconCheck size={14} />
        </ThemeIcon>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
        {features.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </SimpleGrid>
    </List>
  );
}
