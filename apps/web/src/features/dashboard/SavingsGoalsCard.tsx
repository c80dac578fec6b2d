import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconPigMoney } from '@tabler/icons-react';
import { type Cents, formatMoney, type SavingsGoal } from '@tally/shared';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Figure } from '../../components/Figure';
import { formatGoalPercent, GoalAvatar, goalColor, goalStatusBadge, useSavingsOverview } from '../savings';
import { daysRemainingText, moreGoalsText, savingsCardView } from './savings-card';

const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** SPEC §2: the current period's leftover, as money available to save, when there is any. */
function AvailableBanner({ leftover }: { leftover: Cents }) {
  if (leftover <= 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" mb="md" bg="var(--mantine-color-default-hover)">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="brand" radius="md" size={32} aria-hidden>
          <IconPigMoney size={18} stroke={1.7} />
        </ThemeIcon>
        <Text fz="sm">
          <Text span fw={700} style={amountStyle}>
            {formatMoney(leftover)}
          </Text>{' '}
          available to save this period
        </Text>
      </Group>
    </Paper>
  );
}

function ProgressLine({ goal, size = 'sm' }: { goal: SavingsGoal; size?: 'sm' | 'md' }) {
  const percent = goal.progressPercentage;
  return (
    <Progress
      value={Math.min(100, percent)}
      color={goalColor(goal.colorTheme)}
      size={size}
      radius="xl"
      aria-label={`${goal.name}: ${formatGoalPercent(percent)} of ${formatMoney(goal.targetAmount)} saved`}
    />
  );
}

/** One goal: its status, how far along it is, the days it has left and what it needs a day. */
function OneGoal({ goal }: { goal: SavingsGoal }) {
  const status = goalStatusBadge(goal) ?? { label: 'Active', color: 'gray' };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <GoalAvatar icon={goal.iconName} color={goal.colorTheme} size={40} />
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {goal.name}
          </Text>
        </Group>
        <Badge
          color={status.color}
          variant={goal.isCompleted ? 'filled' : 'light'}
          radius="sm"
          tt="none"
          style={{ flexShrink: 0 }}
        >
          {status.label}
        </Badge>
      </Group>
      <div>
        <Group justify="space-between" gap="xs" wrap="nowrap" mb={6} align="baseline">
          <Text fz="sm" c="dimmed" style={amountStyle}>
            <Text span fw={700} fz="lg" c="var(--mantine-color-text)">
              {formatMoney(goal.currentAmount)}
            </Text>{' '}
            of {formatMoney(goal.targetAmount)}
          </Text>
          <Text fz="sm" fw={700} style={amountStyle}>
            {formatGoalPercent(goal.progressPercentage)}
          </Text>
        </Group>
        <ProgressLine goal={goal} size="md" />
      </div>
      <SimpleGrid cols={2} spacing="sm">
        <Figure label="Days remaining" value={daysRemainingText(goal.daysRemaining)} size="sm" />
        <Figure
          label="Daily needed"
          value={goal.dailyRequiredSavings === null ? '—' : formatMoney(goal.dailyRequiredSavings)}
          size="sm"
        />
      </SimpleGrid>
      <Button component={Link} to={`/savings/${goal.id}`} variant="light" fullWidth>
        View Goal Details
      </Button>
    </Stack>
  );
}

/** The savings card on the dashboard (SPEC §2, §4): loading, error, no goals, one goal, or several. */
export function SavingsGoalsCard() {
  const overview = useSavingsOverview();

  if (overview.isPending) {
    return (
      <Stack gap="md" aria-hidden>
        {['a', 'b', 'c'].map((row) => (
          <div key={row}>
            <Skeleton h={14} w="60%" />
            <Skeleton h={8} mt={8} radius="xl" />
          </div>
        ))}
      </Stack>
    );
  }
  const data = overview.data;
  if (!data) {
    return (
      <Stack align="center" py="lg" gap="xs">
        <Text c="dimmed">Unable to load savings data</Text>
        <Button variant="default" size="xs" onClick={() => void overview.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }

  const view = savingsCardView(data.goals);
  const banner = <AvailableBanner leftover={data.currentPeriodLeftover} />;
  if (view.kind === 'empty') {
    return (
      <>
        {banner}
        <EmptyState
          icon={IconPigMoney}
          title="No savings goals yet"
          description="Set a goal and fund it from what is left of your budget."
          action={
            <Button component={Link} to="/savings?create=true" mt="xs" size="sm">
              Create Goal
            </Button>
          }
        />
      </>
    );
  }
  if (view.kind === 'one') {
    return (
      <>
        {banner}
        <OneGoal goal={view.goal} />
      </>
    );
  }
  return (
    <>
      {banner}
      <Stack gap="md">
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Savings goals">
          {view.shown.map((goal) => (
            <li key={goal.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <GoalAvatar icon={goal.iconName} color={goal.colorTheme} size={28} />
                  <Text fw={500} fz="sm" truncate>
                    {goal.name}
                  </Text>
                </Group>
                <Text fz="sm" c="dimmed" style={amountStyle}>
                  <Text span fw={600} c="var(--mantine-color-text)">
                    {formatMoney(goal.currentAmount)}
                  </Text>{' '}
                  of {formatMoney(goal.targetAmount)}
                </Text>
              </Group>
              <ProgressLine goal={goal} />
            </li>
          ))}
        </Stack>
        {view.more > 0 && (
          <Text fz="sm" c="dimmed">
            {moreGoalsText(view.more)}
          </Text>
        )}
        <SimpleGrid cols={3} spacing="sm">
          <Figure label="Total saved" value={formatMoney(data.totalSaved)} size="sm" />
          <Figure label="Active goals" value={data.activeGoalsCount} size="sm" />
          <Figure
            label="Last 30 days"
            value={data.monthlyGrowth > 0 ? `+${formatMoney(data.monthlyGrowth)}` : formatMoney(0)}
            size="sm"
          />
        </SimpleGrid>
        <Button component={Link} to="/savings" variant="light" fullWidth>
          View All Goals
        </Button>
      </Stack>
    </>
  );
}
