import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandGoogleFilled, IconRefresh } from '@tabler/icons-react';
import { displayName, greetingForHour } from '@tally/shared';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/auth';
import { InsightsPanel } from '../../components/insights/InsightsPanel';
import { BudgetOverview } from './BudgetOverview';
import classes from './dashboard.module.css';
import { RecentTransactions } from './RecentTransactions';
import { SavingsGoalsCard } from './SavingsGoalsCard';

/** SPEC §9: the dashboard shows 3 insights. */
const DASHBOARD_INSIGHTS = 3;

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

export function DashboardPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const fetching = useIsFetching() > 0;

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
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={fetching}
          onClick={() => void queryClient.invalidateQueries()}
        >
          Refresh
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel
          title="Budget Overview"
          action={
            <Button component={Link} to="/budgets" variant="subtle" size="compact-sm">
              View All
            </Button>
          }
        >
          <BudgetOverview />
        </Panel>
        <Panel title="Savings Goals">
          <SavingsGoalsCard />
        </Panel>
        {/* The whole width: each insight brings the figures it stands on, which need the room. */}
        <div className={classes.wide}>
          <InsightsPanel title="AI Financial Insights" context="dashboard" maxInsights={DASHBOARD_INSIGHTS} />
        </div>
        <div className={classes.wide}>
          <Panel title="Recent Transactions">
            <RecentTransactions />
          </Panel>
        </div>
      </SimpleGrid>
    </Stack>
  );
}
