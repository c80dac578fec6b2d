import { ActionIcon, Badge, Button, Card, Group, Progress, Text, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconCalendarDue,
  IconConfetti,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { formatMoney, type SavingsGoal } from '@tally/shared';
import { Link } from 'react-router';
import { Figure } from '../../../components/Figure';
import { formatDay } from '../../../lib/format';
import { achievedMessage } from '../goal-detail';
import { daysLeftLabel, formatGoalPercent, goalColor, goalStatusBadge } from '../goal-visuals';
import classes from '../savings.module.css';
import { GoalAvatar } from './GoalAvatar';

/** Complete, On Track, Behind or Paused, and 'Nd left': the badges a goal wears on its card and page. */
export function GoalBadges({ goal, today }: { goal: SavingsGoal; today: string }) {
  const status = goalStatusBadge(goal);
  const daysLeft = goal.isCompleted ? null : daysLeftLabel(goal, today);
  if (!status && !daysLeft) return null;
  return (
    <Group gap={6}>
      {status && (
        <Badge
          color={status.color}
          variant={goal.isCompleted ? 'filled' : 'light'}
          radius="sm"
          tt="none"
          size="sm"
        >
          {status.label}
        </Badge>
      )}
      {daysLeft && (
        <Badge
          color="gray"
          variant="light"
          radius="sm"
          tt="none"
          size="sm"
          leftSection={<IconCalendarDue size={12} aria-hidden />}
        >
          {daysLeft}
        </Badge>
      )}
    </Group>
  );
}

export type GoalCardActions = {
  onEdit: (goal: SavingsGoal) => void;
  onDelete: (goal: SavingsGoal) => void;
  onAddMoney: (goal: SavingsGoal) => void;
};

/** One savings goal (SPEC §2): its progress, share of each leftover, deadline, and its actions. */
export function GoalCard({
  goal,
  today,
  onEdit,
  onDelete,
  onAddMoney,
}: GoalCardActions & { goal: SavingsGoal; today: string }) {
  const headingId = `goal-${goal.id}`;
  const percent = goal.progressPercentage;
  const share = goal.currentPeriodShare;
  return (
    <Card component="article" aria-labelledby={headingId} padding="md" className={classes.card}>
      <div className={classes.cardHead}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
            <GoalAvatar icon={goal.iconName} color={goal.colorTheme} />
            <div style={{ minWidth: 0 }}>
              <Title order={3} fz="md" id={headingId} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                {goal.name}
              </Title>
              {goal.description && (
                <Text fz="xs" c="dimmed" mt={2} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {goal.description}
                </Text>
              )}
            </div>
          </Group>
          <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onEdit(goal)}
              aria-label={`Edit ${goal.name}`}
              title="Edit"
            >
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(goal)}
              aria-label={`Delete ${goal.name}`}
              title="Delete"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>

        <div style={{ marginTop: 12 }}>
          <GoalBadges goal={goal} today={today} />
        </div>

        <Group justify="space-between" gap="xs" wrap="nowrap" mt="md" mb={6} align="baseline">
          <Text fz="sm" c="dimmed" className={classes.amount}>
            <Text span fw={700} fz="md" c="var(--mantine-color-text)">
              {formatMoney(goal.currentAmount)}
            </Text>{' '}
            of {formatMoney(goal.targetAmount)}
          </Text>
          <Text fz="sm" fw={700} className={classes.amount}>
            {formatGoalPercent(percent)}
          </Text>
        </Group>
        <Progress
          value={Math.min(100, percent)}
          color={goalColor(goal.colorTheme)}
          size="md"
          radius="xl"
          aria-label={`${goal.name}: ${formatGoalPercent(percent)} of ${formatMoney(goal.targetAmount)} saved`}
        />

        <div className={classes.details2}>
          <Figure
            label="Allocation"
            value={`${goal.allocationPercentage}% of leftover`}
            size="sm"
            hint={share > 0 ? `+${formatMoney(share)} this period` : undefined}
          />
          <Figure
            label="Target date"
            value={goal.targetDate ? formatDay(goal.targetDate) : 'No deadline'}
            size="sm"
          />
        </div>

        {goal.isCompleted && (
          <div className={`${classes.notice} ${classes.achieved}`}>
            <IconConfetti size={16} aria-hidden />
            <span>{achievedMessage(goal)}</span>
          </div>
        )}
      </div>

      <Group className={classes.cardFooter} gap={4} justify="space-between" wrap="nowrap">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => onAddMoney(goal)}
          aria-label={`Add money to ${goal.name}`}
        >
          Add Money
        </Button>
        <Button
          component={Link}
          to={`/savings/${goal.id}`}
          variant="subtle"
          color="gray"
          size="compact-sm"
          rightSection={<IconArrowRight size={14} />}
          aria-label={`Details of ${goal.name}`}
        >
          Details
        </Button>
      </Group>
    </Card>
  );
}
