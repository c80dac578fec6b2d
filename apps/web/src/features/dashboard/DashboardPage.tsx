import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBrandGoogleFilled, IconRefresh } from '@tabler/icons-react';
import { dashboardPeriods, displayName, greetingForHour, todayIn } from '@tally/shared';
import { useIsFetching, useQueries, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/auth';
import { Panel } from '../../components/Panel';
import { toast } from '../../components/toast';
import { useNow } from '../../lib/use-now';
import { accountsQuery } from '../accounts';
import { InsightsPanel, insightsQuery } from '../ai';
import { budgetsQuery } from '../budgets';
import { useOnboardingGuide } from '../onboarding';
import { PinnedReports } from '../reports';
import { savingsOverviewQuery } from '../savings';
import { monthlyCashFlowQuery } from './api/get-monthly-cash-flow';
import { periodSummaryQuery } from './api/get-period-summary';
import { recentTransactionsQuery } from './api/get-recent-transactions';
import { spendingByCategoryQuery } from './api/get-spending-by-category';
import { BudgetOverview } from './BudgetOverview';
import { CashFlowBarChart, SpendingByCategoryChart } from './DashboardCharts';
import classes from './dashboard.module.css';
import { RecentTransactions } from './RecentTransactions';
import { SavingsGoalsCard } from './SavingsGoalsCard';
import { StatCards } from './StatCards';

/** SPEC §9: the dashboard shows 3 insights. */
const DASHBOARD_INSIGHTS = 3;
/** "Today" is checked every minute, so a dashboard left open moves on to the next day by itself. */
const TODAY_TICK_MS = 60_000;
const DASHBOARD_ERROR_TOAST = 'dashboard-error';

/**
 * Everything the dashboard reads, each part on its own (SPEC §7: in parallel, tolerating individual
 * failures). The panels read the same queries; this only tells whether nothing at all could be loaded.
 */
function useDashboardLoad(today: string) {
  const { current, previous } = dashboardPeriods(today);
  return useQueries({
    queries: [
      accountsQuery,
      recentTransactionsQuery(),
      periodSummaryQuery(current),
      periodSummaryQuery(previous),
      spendingByCategoryQuery(current),
      monthlyCashFlowQuery(today),
      budgetsQuery,
      savingsOverviewQuery,
      insightsQuery('dashboard', DASHBOARD_INSIGHTS),
    ],
    // Only this boolean: the page (every panel under it) renders again when it flips, not each time one of
    // the nine answers arrives, which each panel shows by itself.
    combine: (results) => results.every((r) => r.isError && r.data === undefined),
  });
}

/** Reloads everything the dashboard shows; spins while anything is loading. */
function ReloadButton({ label }: { label: string }) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching() > 0;
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} />}
      loading={fetching}
      onClick={() => void queryClient.invalidateQueries()}
    >
      {label}
    </Button>
  );
}

export function DashboardPage() {
  const user = useCurrentUser();
  // The person's today, in their own time zone: the periods and months are theirs, not the browser's.
  const today = todayIn(user.timeZone, useNow(TODAY_TICK_MS));
  const periods = useMemo(() => dashboardPeriods(today), [today]);
  const nothingLoaded = useDashboardLoad(today);
  const guide = useOnboardingGuide();

  // SPEC §8: the toast only when no part of the dashboard could be loaded; one failing part says so itself.
  useEffect(() => {
    // Once anything has loaded (a Retry that worked), the toast has nothing left to say.
    if (!nothingLoaded) {
      toast.hide(DASHBOARD_ERROR_TOAST);
      return;
    }
    toast.error('Dashboard Error', 'Your dashboard could not be loaded. Please try again.', {
      id: DASHBOARD_ERROR_TOAST,
      autoClose: 5000,
    });
  }, [nothingLoaded]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        {/* minWidth 0 and anywhere-wrapping: a name with no spaces wraps instead of widening the page. */}
        <Stack gap={4} miw={0}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {greetingForHour(new Date().getHours())}, {displayName(user)}
          </Title>
          <Text c="dimmed">Here is where your money stands today.</Text>
          {user.isGoogleUser && (
            <Badge
              variant="light"
              color="gray"
              leftSection={<IconBrandGoogleFilled size={12} />}
              w="fit-content"
            >
              Signed in with Google
            </Badge>
          )}
        </Stack>
        <ReloadButton label="Refresh" />
      </Group>

      {nothingLoaded ? (
        <Card>
          <Stack align="center" gap="sm" py="xl" ta="center" role="alert">
            <IconAlertTriangle size={32} stroke={1.6} color="var(--mantine-color-red-text)" aria-hidden />
            <div>
              <Text fw={600}>Your dashboard could not be loaded.</Text>
              <Text fz="sm" c="dimmed" mt={4}>
                Check your connection, then try again.
              </Text>
            </div>
            <ReloadButton label="Retry" />
          </Stack>
        </Card>
      ) : (
        // The panels load from the start, but show only once the guide is known, and then all at once
        // with it: a guide that arrived later would push every panel down.
        <Stack gap="lg" display={guide.ready ? undefined : 'none'}>
          {guide.Guide && <guide.Guide />}
          <StatCards current={periods.current} previous={periods.previous} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Panel title="Spending by Category" subtitle="Last 30 days">
              <SpendingByCategoryChart range={periods.current} />
            </Panel>
            <Panel title="Income vs Expenses" subtitle="Last 6 months">
              <CashFlowBarChart today={today} />
            </Panel>
            <Panel
              title="Budget Overview"
              action={
                <Button component={Link} to="/budgets" variant="subtle" size="compact-sm">
                  View All
                </Button>
              }
            >
              <BudgetOverview range={periods.current} />
            </Panel>
            <Panel title="Savings Goals">
              <SavingsGoalsCard />
            </Panel>
            <Suspense fallback={null}>
              <PinnedReports />
            </Suspense>
            {/* The whole width: each insight brings the figures it stands on, which need the room. */}
            <div className={classes.wide}>
              <InsightsPanel
                title="AI Financial Insights"
                context="dashboard"
                maxInsights={DASHBOARD_INSIGHTS}
              />
            </div>
            <div className={classes.wide}>
              <Panel title="Recent Transactions">
                <RecentTransactions />
              </Panel>
            </div>
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
