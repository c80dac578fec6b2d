import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle, IconPigMoney, IconPlus } from '@tabler/icons-react';
import { formatMoney, type SavingsGoal, type SavingsOverview, todayIn } from '@tally/shared';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/auth';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { log } from '../../lib/log';
import { useDialog } from '../../lib/use-dialog';
import { useNow } from '../../lib/use-now';
import { InsightsPanel } from '../ai';
import { useSavingsAchievements } from './api/get-achievements';
import { useSavingsOverview } from './api/get-savings-overview';
import { AchievementsStrip } from './components/AchievementsStrip';
import { GoalCard } from './components/GoalCard';
import { SummaryCards, SummaryCardsSkeleton } from './components/SummaryCards';
import classes from './savings.module.css';

// Dialogs: fetched when first opened.
const GoalDialog = lazyDialog(async () => (await import('./components/GoalDialog')).GoalDialog);
const AddMoneyDialog = lazyDialog(async () => (await import('./components/AddMoneyDialog')).AddMoneyDialog);
const DeleteGoalDialog = lazyDialog(
  async () => (await import('./components/DeleteGoalDialog')).DeleteGoalDialog,
);

export const LOAD_FAILED = 'Failed to load savings data. Please try again.';
/** SPEC §2: /savings?create=true opens the new-goal dialog. */
export const CREATE_PARAM = 'create';
// Today moves at midnight; a minute is soon enough for the days left.
const TODAY_TICK_MS = 60_000;

/** SPEC §2: the Savings screen shows up to 4 insights… */
const SAVINGS_INSIGHTS = 4;
/** …and only once goals receive part of this period's leftover. */
export const showsInsights = (overview: SavingsOverview) => overview.totalAllocatedPerPeriod > 0;

function GoalsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'lg' }}>
      {['a', 'b', 'c'].map((key) => (
        <Card key={key} padding="md">
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={42} w={42} radius="md" />
            <div style={{ flex: 1 }}>
              <Skeleton h={16} w="55%" />
              <Skeleton h={12} w="35%" mt={8} />
            </div>
          </Group>
          <Skeleton h={20} w={90} mt="md" />
          <Skeleton h={10} mt="md" radius="xl" />
          <SimpleGrid cols={2} mt="md">
            <Skeleton h={32} />
            <Skeleton h={32} />
          </SimpleGrid>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The Savings screen (SPEC §2): totals, the goals, what they have earned, and creating or changing one. */
export function SavingsPage() {
  const user = useCurrentUser();
  const today = todayIn(user.timeZone, useNow(TODAY_TICK_MS));
  const overview = useSavingsOverview();
  const achievements = useSavingsAchievements();
  const [params, setParams] = useSearchParams();
  // The editor opens for a goal, or for none (a new one).
  const editor = useDialog<SavingsGoal | null>(null);
  const adding = useDialog<SavingsGoal | null>(null);
  const deleting = useDialog<SavingsGoal | null>(null);
  const { open: openEditor } = editor;

  useEffect(() => {
    if (overview.error && overview.data) log.warn('Refreshing savings failed', overview.error);
  }, [overview.error, overview.data]);
  useEffect(() => {
    if (achievements.error) log.warn('Loading savings achievements failed', achievements.error);
  }, [achievements.error]);

  // A link to /savings?create=true (the dashboard's Create Goal) opens the new-goal dialog, and the
  // address goes back to /savings so a reload or Back does not open it again.
  const wantsCreate = params.get(CREATE_PARAM) === 'true';
  useEffect(() => {
    if (!wantsCreate) return;
    openEditor(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CREATE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [wantsCreate, setParams, openEditor]);

  const data = overview.data;
  const goals = data?.goals ?? [];
  const empty = data !== undefined && goals.length === 0;
  const newGoalButton = (label: string) => (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openEditor(null)}>
      {label}
    </Button>
  );

  let content: ReactNode;
  if (overview.isPending) {
    content = (
      <>
        <VisuallyHidden role="status">Loading your savings goals…</VisuallyHidden>
        <SummaryCardsSkeleton />
        <GoalsSkeleton />
      </>
    );
  } else if (data === undefined) {
    content = (
      <Card>
        <ErrorState message={LOAD_FAILED} onRetry={() => void overview.refetch()} />
      </Card>
    );
  } else if (empty) {
    const leftover = data.currentPeriodLeftover;
    content = (
      <Card>
        <EmptyState
          icon={IconPigMoney}
          title="No savings goals yet"
          description={
            leftover > 0
              ? `Your budget has ${formatMoney(leftover)} left over so far this period. Set a goal and a share of each period's leftover goes to it.`
              : 'Set a goal and a share of what your budget leaves over each period goes to it. You can add money by hand too.'
          }
          action={<div style={{ marginTop: 8 }}>{newGoalButton('Create Your First Goal')}</div>}
          py={48}
        />
      </Card>
    );
  } else {
    content = (
      <>
        <SummaryCards overview={data} />
        {data.period === null && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconInfoCircle size={18} />}
            title="No active budget"
            role="note"
          >
            Goals are funded from what your budget leaves over each period.{' '}
            <Anchor component={Link} to="/budgets" fz="sm" fw={600}>
              Create a budget
            </Anchor>{' '}
            to start funding them, or add money by hand.
          </Alert>
        )}
        {showsInsights(data) && (
          <InsightsPanel title="AI Savings Insights" context="savings" maxInsights={SAVINGS_INSIGHTS} />
        )}
        <section aria-label="Your goals">
          <Text fz="sm" c="dimmed" mb="sm">
            {goals.length} goal{goals.length === 1 ? '' : 's'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'lg' }}>
            {goals.map((goal) => (
              <GoalCard
                key={goal.id}
                goal={goal}
                today={today}
                onEdit={openEditor}
                onAddMoney={adding.open}
                onDelete={deleting.open}
              />
            ))}
          </SimpleGrid>
        </section>
        <AchievementsStrip achievements={achievements.data ?? []} />
      </>
    );
  }

  return (
    <Stack gap="lg" className={classes.screen}>
      <PageHeader
        {...SCREEN_HEADERS['/savings']}
        actions={data && !empty ? newGoalButton('New Goal') : undefined}
      />
      {content}

      <GoalDialog
        key={`editor-${editor.session}`}
        opened={editor.opened}
        onClose={editor.close}
        goal={editor.item}
        overview={data}
        today={today}
      />
      <AddMoneyDialog
        key={`add-${adding.session}`}
        goal={adding.item}
        opened={adding.opened}
        onClose={adding.close}
      />
      {/* Keeps the goal it was opened for, so the name stays put while the list moves on after a delete. */}
      <DeleteGoalDialog
        key={`delete-${deleting.session}`}
        goal={deleting.item}
        opened={deleting.opened}
        onClose={deleting.close}
      />
    </Stack>
  );
}
