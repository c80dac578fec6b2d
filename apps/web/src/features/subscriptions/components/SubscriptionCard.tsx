import { Badge, Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconTrendingUp,
} from '@tabler/icons-react';
import {
  FREQUENCY_LABELS,
  formatMoney,
  SUBSCRIPTION_CATEGORY_LABELS,
  SUBSCRIPTION_FREQUENCIES,
  SUBSCRIPTION_STATUS_LABELS,
  type Subscription,
} from '@tally/shared';
import { formatDay } from '../../../lib/format';
import { SUBSCRIPTION_CATEGORY_VISUALS } from '../category-visuals';
import {
  dueDetail,
  isPausable,
  isResumable,
  priceIncrease,
  STATUS_COLORS,
  shortDay,
} from '../subscription-list';
import classes from '../subscriptions.module.css';
import { AutoDetectedBadge } from './AutoDetectedBadge';

function Detail({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

/** Under the amount: 'per month', or what another cadence comes to a month (what the totals count). */
function cadenceNote(s: Subscription): string {
  if (s.frequency === SUBSCRIPTION_FREQUENCIES.Monthly) return 'per month';
  if (s.frequency === SUBSCRIPTION_FREQUENCIES.Custom) return 'custom';
  return `≈ ${formatMoney(s.monthlyAmount)}/mo`;
}

export type SubscriptionCardActions = {
  onEdit: (s: Subscription) => void;
  onToggleStatus: (s: Subscription) => void;
  onDelete: (s: Subscription) => void;
};

/** One subscription (SPEC §2): what it costs, when it is due, what has changed, and its actions. */
export function SubscriptionCard({
  subscription: s,
  today,
  toggling,
  onEdit,
  onToggleStatus,
  onDelete,
}: SubscriptionCardActions & { subscription: Subscription; today: string; toggling: boolean }) {
  const headingId = `subscription-${s.id}`;
  const visual = SUBSCRIPTION_CATEGORY_VISUALS[s.category];
  const increase = priceIncrease(s);
  // What the person wrote about it, else the merchant it follows when that name differs.
  const subtitle = s.description || (s.merchantName && s.merchantName !== s.name ? s.merchantName : null);
  return (
    <Card component="article" aria-labelledby={headingId} padding="md" className={classes.card}>
      <div className={classes.cardHead}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
            <ThemeIcon variant="light" color={visual.color} radius="md" size={42} aria-hidden>
              <visual.icon size={22} stroke={1.7} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Title order={3} fz="md" id={headingId} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                {s.name}
              </Title>
              {subtitle && (
                <Text
                  fz="xs"
                  c="dimmed"
                  mt={2}
                  lineClamp={1}
                  title={subtitle}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {subtitle}
                </Text>
              )}
            </div>
          </Group>
          <div style={{ textAlign: 'right', flexShrink: 0 }}>
            <Text fz="lg" fw={700} lh={1.3} className={classes.amount}>
              {formatMoney(s.amount)}
            </Text>
            <Text fz="xs" c="dimmed" className={classes.amount}>
              {cadenceNote(s)}
            </Text>
          </div>
        </Group>

        <Group gap={6} mt="sm">
          <Badge color={STATUS_COLORS[s.status]} variant="light" radius="sm" tt="none" size="sm">
            {SUBSCRIPTION_STATUS_LABELS[s.status]}
          </Badge>
          {s.isDetected && <AutoDetectedBadge />}
          {s.autoRenew === false && (
            <Badge color="gray" variant="outline" radius="sm" tt="none" size="sm">
              Doesn't renew
            </Badge>
          )}
        </Group>

        <div className={classes.details3}>
          <Detail {...dueDetail(s, today)} value={shortDay(s.nextDueDate, today)} />
          <Detail label="Frequency" value={FREQUENCY_LABELS[s.frequency]} />
          <Detail label="Category" value={SUBSCRIPTION_CATEGORY_LABELS[s.category]} />
        </div>

        {(increase || s.missedDueDate) && (
          <div style={{ display: 'grid', gap: 6, marginTop: 12 }}>
            {increase && (
              <div className={`${classes.notice} ${classes.warn}`}>
                <IconTrendingUp size={14} aria-hidden />
                <span>
                  <strong>
                    Price up: {formatMoney(increase.previousAmount)} → {formatMoney(s.amount)}
                  </strong>{' '}
                  since {formatDay(increase.date)}
                </span>
              </div>
            )}
            {s.missedDueDate && (
              <div className={`${classes.notice} ${classes.alert}`}>
                <IconAlertTriangle size={14} aria-hidden />
                <span>
                  <strong>Charge missing: due {shortDay(s.missedDueDate, today)}</strong> — no payment has
                  posted yet
                </span>
              </div>
            )}
          </div>
        )}
      </div>

      <Group className={classes.cardFooter} gap={4} justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconPencil size={14} />}
            onClick={() => onEdit(s)}
            aria-label={`Edit ${s.name}`}
          >
            Edit
          </Button>
          {(isPausable(s) || isResumable(s)) && (
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={isPausable(s) ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
              onClick={() => onToggleStatus(s)}
              loading={toggling}
              aria-label={`${isPausable(s) ? 'Pause' : 'Resume'} ${s.name}`}
            >
              {isPausable(s) ? 'Pause' : 'Resume'}
            </Button>
          )}
        </Group>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={14} />}
          onClick={() => onDelete(s)}
          aria-label={`Delete ${s.name}`}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}
