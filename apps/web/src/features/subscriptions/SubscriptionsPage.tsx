import {
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent, IconLayoutGrid, IconPlus, IconRadar, IconReceipt2 } from '@tabler/icons-react';
import { SUBSCRIPTION_STATUS, type Subscription, startOfMonth, todayIn } from '@tally/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useCurrentUser } from '../../app/auth';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { errorMessage, serverMessage } from '../../lib/api';
import { log } from '../../lib/log';
import { useDialog } from '../../lib/use-dialog';
import { useNow } from '../../lib/use-now';
import { isPlanRefusal, UpgradePanel } from '../billing';
import { useSubscriptionSummary } from './api/get-subscription-summary';
import { useSubscriptions } from './api/get-subscriptions';
import { asUpdateBody, useUpdateSubscription } from './api/update-subscription';
import type { CalendarDay } from './components/CalendarDayDialog';
import { SubscriptionCalendar } from './components/SubscriptionCalendar';
import { SubscriptionCard } from './components/SubscriptionCard';
import { SummaryCards, SummaryCardsSkeleton } from './components/SummaryCards';
import { dueThisMonth, type SubscriptionScope } from './subscription-list';
import classes from './subscriptions.module.css';
import { useSubscriptionsView } from './use-subscriptions-view';

// Dialogs: fetched when first opened.
const SubscriptionDialog = lazyDialog(
  async () => (await import('./components/SubscriptionDialog')).SubscriptionDialog,
);
const DeleteSubscriptionDialog = lazyDialog(
  async () => (await import('./components/DeleteSubscriptionDialog')).DeleteSubscriptionDialog,
);
const DetectedSubscriptionsDialog = lazyDialog(
  async () => (await import('./components/DetectedSubscriptionsDialog')).DetectedSubscriptionsDialog,
);
const CalendarDayDialog = lazyDialog(
  async () => (await import('./components/CalendarDayDialog')).CalendarDayDialog,
);

const LOAD_FAILED = 'Failed to load subscriptions data';
// Today moves at midnight; a minute is soon enough for 'due today' and the calendar's marker.
const TODAY_TICK_MS = 60_000;

function ListSkeleton() {
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
            <Skeleton h={20} w={64} />
          </Group>
          <SimpleGrid cols={3} mt="md">
            {['due', 'frequency', 'category'].map((k) => (
              <Skeleton key={k} h={32} />
            ))}
          </SimpleGrid>
          <Skeleton h={24} mt="md" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function SubscriptionsPage() {
  const user = useCurrentUser();
  const today = todayIn(user.timeZone, useNow(TODAY_TICK_MS));
  const list = useSubscriptions();
  const summary = useSubscriptionSummary();
  const update = useUpdateSubscription();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [view, setView] = useSubscriptionsView();
  const [scope, setScope] = useState<SubscriptionScope>('all');
  const [month, setMonth] = useState(() => startOfMonth(today));
  // The editor opens for a subscription, or for none (a new one).
  const editor = useDialog<Subscription | null>(null);
  const deleting = useDialog<Subscription | null>(null);
  const detecting = useDialog();
  const day = useDialog<CalendarDay | null>(null);
  const [toggling, setToggling] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (list.error && list.data) log.warn('Refreshing subscriptions failed', list.error);
  }, [list.error, list.data]);
  useEffect(() => {
    // On Starter the screen offers the upgrade instead; a refusal for the plan is no failure.
    if (summary.error && !isPlanRefusal(summary.error))
      log.warn('Loading subscription totals failed', summary.error);
  }, [summary.error]);

  const subscriptions = list.data ?? [];
  const shown = scope === 'month' ? dueThisMonth(subscriptions, today) : subscriptions;
  const pausedCount = subscriptions.filter((s) => s.status === SUBSCRIPTION_STATUS.Paused).length;

  const openDetect = () => detecting.open();

  // Each card's Pause/Resume waits on its own call: the shared mutation's state (and any callbacks given to
  // `mutate`) would follow only the latest call, so two quick pauses would lose the first one's spinner and
  // toast. The promise of each `mutateAsync` call settles for that call alone.
  const toggleStatus = async (s: Subscription) => {
    const pausing = s.status === SUBSCRIPTION_STATUS.Active;
    setToggling((ids) => new Set(ids).add(s.id));
    try {
      const updated = await update.mutateAsync({
        id: s.id,
        body: asUpdateBody(s, { status: pausing ? SUBSCRIPTION_STATUS.Paused : SUBSCRIPTION_STATUS.Active }),
      });
      toast.success(
        pausing ? 'Subscription paused' : 'Subscription resumed',
        pausing
          ? `“${updated.name}” no longer counts toward your totals or calendar.`
          : `“${updated.name}” counts toward your totals again.`,
      );
    } catch (error) {
      log.warn('Pausing or resuming the subscription failed', error);
      toast.error(
        'Error updating subscription',
        errorMessage(error, 'Failed to update the subscription. Please try again.'),
      );
    } finally {
      setToggling((ids) => {
        const rest = new Set(ids);
        rest.delete(s.id);
        return rest;
      });
    }
  };

  // Phones have room for both buttons on one row only with their short words; the names stay whole.
  const detectButton = (short: boolean) => (
    <Button
      variant="default"
      leftSection={<IconRadar size={16} />}
      onClick={openDetect}
      aria-label={short ? 'Detect Subscriptions' : undefined}
    >
      {short ? 'Detect' : 'Detect Subscriptions'}
    </Button>
  );
  const addButton = (short: boolean) => (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => editor.open(null)}
      aria-label={short ? 'Add Subscription' : undefined}
    >
      {short ? 'Add' : 'Add Subscription'}
    </Button>
  );
  const empty = list.data !== undefined && list.data.length === 0;

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <>
        <VisuallyHidden role="status">Loading your subscriptions…</VisuallyHidden>
        <SummaryCardsSkeleton />
        <Skeleton h={36} w={260} radius="md" />
        <ListSkeleton />
      </>
    );
  } else if (list.data === undefined && isPlanRefusal(list.error)) {
    content = (
      <UpgradePanel
        title="Subscription tracking is a Pro feature"
        description="See every recurring charge in one place, what each costs a month and when it's due, with subscriptions found for you in your transactions."
      />
    );
  } else if (list.data === undefined) {
    content = (
      <Card>
        <ErrorState
          message="Error loading subscriptions"
          detail={serverMessage(list.error, LOAD_FAILED)}
          onRetry={() => {
            void list.refetch();
            void summary.refetch();
          }}
        />
      </Card>
    );
  } else if (empty) {
    content = (
      <Card>
        <EmptyState
          icon={IconReceipt2}
          title="No subscriptions yet"
          description="Add the services you pay for, or let Tally find them in your transaction history. You'll see what they cost each month and when each one is due."
          action={
            <Group gap="sm" mt={8} justify="center">
              {detectButton(false)}
              {addButton(false)}
            </Group>
          }
          py={48}
        />
      </Card>
    );
  } else {
    content = (
      <>
        <SummaryCards summary={summary.data} failed={summary.isError} pausedCount={pausedCount} />
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            value={view}
            onChange={(value) => setView(value === 'calendar' ? 'calendar' : 'list')}
            aria-label="View"
            data={[
              {
                value: 'list',
                label: (
                  <Group gap={6} wrap="nowrap" justify="center">
                    <IconLayoutGrid size={16} aria-hidden />
                    <span>List</span>
                  </Group>
                ),
              },
              {
                value: 'calendar',
                label: (
                  <Group gap={6} wrap="nowrap" justify="center">
                    <IconCalendarEvent size={16} aria-hidden />
                    <span>Calendar</span>
                  </Group>
                ),
              },
            ]}
          />
          {view === 'list' && (
            <SegmentedControl
              value={scope}
              onChange={(value) => setScope(value === 'month' ? 'month' : 'all')}
              aria-label="Show"
              data={[
                { value: 'month', label: 'This Month' },
                { value: 'all', label: 'All' },
              ]}
            />
          )}
        </Group>
        {view === 'calendar' ? (
          <SubscriptionCalendar
            month={month}
            today={today}
            onMonthChange={setMonth}
            onOpenDay={(d) => day.open({ day: d, month })}
          />
        ) : shown.length === 0 ? (
          <Card>
            <EmptyState
              icon={IconCalendarEvent}
              title="Nothing due this month"
              description="None of your active subscriptions is due this month."
              action={
                <Button variant="default" mt={8} onClick={() => setScope('all')}>
                  Show All
                </Button>
              }
            />
          </Card>
        ) : (
          <section aria-label="Your subscriptions">
            <Text fz="sm" c="dimmed" mb="sm">
              {scope === 'month'
                ? `${shown.length} of ${subscriptions.length} due this month`
                : `${subscriptions.length} subscription${subscriptions.length === 1 ? '' : 's'}`}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'lg' }}>
              {shown.map((s) => (
                <SubscriptionCard
                  key={s.id}
                  subscription={s}
                  today={today}
                  toggling={toggling.has(s.id)}
                  onEdit={editor.open}
                  onToggleStatus={(item) => void toggleStatus(item)}
                  onDelete={deleting.open}
                />
              ))}
            </SimpleGrid>
          </section>
        )}
      </>
    );
  }

  return (
    <Stack gap="lg" className={classes.screen}>
      <PageHeader
        {...SCREEN_HEADERS['/subscriptions']}
        actions={
          list.data && !empty ? (
            <>
              {detectButton(phone)}
              {addButton(phone)}
            </>
          ) : undefined
        }
      />
      {content}

      <SubscriptionDialog
        key={`editor-${editor.session}`}
        opened={editor.opened}
        onClose={editor.close}
        subscription={editor.item}
        today={today}
      />
      <DeleteSubscriptionDialog
        key={`delete-${deleting.session}`}
        subscription={deleting.item}
        opened={deleting.opened}
        onClose={deleting.close}
      />
      <DetectedSubscriptionsDialog
        key={`detect-${detecting.session}`}
        opened={detecting.opened}
        onClose={detecting.close}
      />
      <CalendarDayDialog
        key={`day-${day.session}`}
        day={day.item}
        subscriptions={subscriptions}
        opened={day.opened}
        onClose={day.close}
      />
    </Stack>
  );
}
