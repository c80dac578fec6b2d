import {
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconConfetti,
  IconListDetails,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { formatMoney, type SavingsGoal, todayIn } from '@tally/shared';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../app/auth';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Figure } from '../../components/Figure';
import { lazyDialog } from '../../components/lazy-dialog';
import { ProgressRing } from '../../components/ProgressRing';
import { ApiError } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { log } from '../../lib/log';
import { POSITIVE_MONEY } from '../../lib/money-colors';
import { useDialog } from '../../lib/use-dialog';
import { useNow } from '../../lib/use-now';
import { useGoalProgress } from './api/get-goal-progress';
import { useSavingsOverview } from './api/get-savings-overview';
import { ContributionList } from './components/ContributionList';
import { GoalAvatar } from './components/GoalAvatar';
import { GoalBadges } from './components/GoalCard';
import { LazyHistoryChart } from './components/LazyHistoryChart';
import { achievedMessage, balanceSeries, historySummary } from './goal-detail';
import { formatGoalPercent, goalColor, goalStatusBadge } from './goal-visuals';
import { LOAD_FAILED } from './SavingsPage';
import classes from './savings.module.css';

const GoalDialog = lazyDialog(async () => (await import('./components/GoalDialog')).GoalDialog);
const AddMoneyDialog = lazyDialog(async () => (await import('./components/AddMoneyDialog')).AddMoneyDialog);
const DeleteGoalDialog = lazyDialog(
  async () => (await import('./components/DeleteGoalDialog')).DeleteGoalDialog,
);

const TODAY_TICK_MS = 60_000;

function BackLink() {
  return (
    <Anchor component={Link} to="/savings" fz="sm" fw={500} w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        All goals
      </Group>
    </Anchor>
  );
}

function DetailSkeleton() {
  return (
    <>
      <VisuallyHidden role="status">Loading the goal…</VisuallyHidden>
      <Skeleton h={32} w={260} />
      <Card>
        <Group gap="lg">
          <Skeleton h={132} w={132} circle />
          <div style={{ flex: 1 }}>
            <Skeleton h={20} w="45%" />
            <Skeleton h={14} w="30%" mt={10} />
          </div>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="lg">
          {['a', 'b', 'c', 'd'].map((k) => (
            <Skeleton key={k} h={44} />
          ))}
        </SimpleGrid>
      </Card>
      <Skeleton h={260} radius="lg" />
    </>
  );
}

/** The figures SPEC §9 computes for a goal: what it needs per day and per month, its time left and status. */
function GoalFigures({ goal }: { goal: SavingsGoal }) {
  const status = goalStatusBadge(goal);
  const share = goal.currentPeriodShare;
  const hasDeadline = goal.targetDate !== null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'md', sm: 'lg' }} mt="lg">
      <Figure
        label="Daily needed"
        value={goal.dailyRequiredSavings === null ? '—' : formatMoney(goal.dailyRequiredSavings)}
        hint={hasDeadline ? 'To make the target date' : 'No deadline set'}
      />
      <Figure
        label="Monthly contribution"
        value={goal.monthlyContribution === null ? '—' : formatMoney(goal.monthlyContribution)}
        hint={hasDeadline ? 'Target over the months left' : 'No deadline set'}
      />
      <Figure
        label="Days left"
        value={goal.daysRemaining === null ? 'No deadline' : goal.daysRemaining}
        hint={goal.targetDate ? `Target ${formatDay(goal.targetDate)}` : undefined}
      />
      <Figure
        label="Status"
        value={status?.label ?? 'Active'}
        hint={`Started ${formatDay(goal.startDate)}`}
      />
      <Figure label="Allocation" value={`${goal.allocationPercentage}%`} hint="Of each period's leftover" />
      <Figure
        label="This period so far"
        value={share > 0 ? `+${formatMoney(share)}` : formatMoney(0)}
        color={share > 0 ? POSITIVE_MONEY : undefined}
        hint="Lands when the period ends"
      />
      <Figure
        label="Saved"
        value={formatMoney(goal.currentAmount)}
        hint={`Of ${formatMoney(goal.targetAmount)}`}
      />
      <Figure
        label="Still to save"
        value={formatMoney(Math.max(0, goal.targetAmount - goal.currentAmount))}
        hint={goal.isCompleted ? 'Target reached' : undefined}
      />
    </SimpleGrid>
  );
}

/** One goal (/savings/:goalId): its figures, its balance over time, and every contribution. */
export function GoalDetailPage() {
  const { goalId = '' } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const today = todayIn(user.timeZone, useNow(TODAY_TICK_MS));
  const progress = useGoalProgress(goalId);
  // The edit dialog checks the 100% cap and converts dollars with the overview's goals and leftover.
  const overview = useSavingsOverview();
  const editor = useDialog();
  const adding = useDialog();
  const deleting = useDialog();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  useEffect(() => {
    if (progress.error && progress.data) log.warn('Refreshing the goal failed', progress.error);
  }, [progress.error, progress.data]);

  const view = progress.data;
  const missing = progress.error instanceof ApiError && progress.error.status === 404;

  let content: ReactNode;
  if (progress.isPending) {
    content = <DetailSkeleton />;
  } else if (!view) {
    content = missing ? (
      <Card>
        <EmptyState
          icon={IconSearch}
          title="Goal not found"
          description="It may have been deleted. Your other goals are on the Savings screen."
          action={
            <Button component={Link} to="/savings" variant="default" mt={8}>
              View All Goals
            </Button>
          }
          py={48}
        />
      </Card>
    ) : (
      <Card>
        <ErrorState message={LOAD_FAILED} onRetry={() => void progress.refetch()} />
      </Card>
    );
  } else {
    const { goal } = view;
    const series = balanceSeries(view.history, today);
    content = (
      <>
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" miw={0} align="flex-start">
            <GoalAvatar icon={goal.iconName} color={goal.colorTheme} size={48} />
            <div style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
                {goal.name}
              </Title>
              {goal.description && (
                <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {goal.description}
                </Text>
              )}
            </div>
          </Group>
          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} />} onClick={() => adding.open()}>
              Add Money
            </Button>
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => editor.open()}>
              Edit
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => deleting.open()}
              aria-label={`Delete ${goal.name}`}
            >
              Delete
            </Button>
          </Group>
        </Group>

        <Card component="section" aria-label="Progress">
          <Group gap="lg" wrap="nowrap" align="center">
            <ProgressRing
              size={phone ? 96 : 120}
              thickness={phone ? 10 : 12}
              value={goal.progressPercentage}
              color={`${goalColor(goal.colorTheme)}.6`}
              label={
                <Text fw={800} fz="xl" className={classes.amount}>
                  {formatGoalPercent(goal.progressPercentage)}
                </Text>
              }
            />
            <Stack gap={6} miw={0}>
              <div>
                <Text fw={800} fz={{ base: 22, sm: 26 }} lh={1.2} className={classes.amount}>
                  {formatMoney(goal.currentAmount)}
                </Text>
                <Text fz="sm" c="dimmed" className={classes.amount}>
                  of {formatMoney(goal.targetAmount)} saved
                </Text>
              </div>
              <GoalBadges goal={goal} today={today} />
            </Stack>
          </Group>
          {goal.isCompleted && (
            <div className={`${classes.notice} ${classes.achieved}`}>
              <IconConfetti size={16} aria-hidden />
              <span>{achievedMessage(goal)}</span>
            </div>
          )}
          <GoalFigures goal={goal} />
        </Card>

        <Card component="section" aria-labelledby="goal-history">
          <Title order={2} fz="lg" id="goal-history" mb="sm">
            Savings over time
          </Title>
          <LazyHistoryChart
            data={series}
            target={goal.targetAmount}
            color={goalColor(goal.colorTheme)}
            summary={historySummary(view)}
          />
        </Card>

        <Card component="section" aria-labelledby="goal-contributions">
          <Title order={2} fz="lg" id="goal-contributions" mb="xs">
            Contributions
          </Title>
          {view.contributions.length === 0 ? (
            <EmptyState
              icon={IconListDetails}
              title="No contributions yet"
              description="When a budget period ends, this goal's share of its leftover lands here. You can add money by hand too."
            />
          ) : (
            <ContributionList contributions={view.contributions} />
          )}
        </Card>
      </>
    );
  }

  const goal = view?.goal ?? null;
  return (
    <Stack gap="lg" className={classes.screen}>
      <BackLink />
      {content}
      {goal && (
        <>
          <GoalDialog
            key={`editor-${editor.session}`}
            opened={editor.opened}
            onClose={editor.close}
            goal={goal}
            overview={overview.data}
            today={today}
          />
          <AddMoneyDialog
            key={`add-${adding.session}`}
            goal={goal}
            opened={adding.opened}
            onClose={adding.close}
          />
          <DeleteGoalDialog
            key={`delete-${deleting.session}`}
            goal={goal}
            opened={deleting.opened}
            onClose={deleting.close}
            onDeleted={() => navigate('/savings', { replace: true })}
          />
        </>
      )}
    </Stack>
  );
}
