import {
  ActionIcon,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconRefresh, IconTrendingUp } from '@tabler/icons-react';
import { type Budget, type CountUpStatusResponse, formatMoney } from '@tally/shared';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { Figure } from '../../../components/Figure';
import { toast } from '../../../components/toast';
import { log } from '../../../lib/log';
import { DEBT_MONEY, POSITIVE_MONEY } from '../../../lib/money-colors';
import { isPlanRefusal, UpgradePanel } from '../../billing';
import { useEnableCountUp } from '../api/enable-count-up';
import { useCountUp } from '../api/get-count-up';
import { countUpTotals } from '../budget-summary';
import { isEditable } from '../past-budgets';
import { BudgetActionsMenu } from './BudgetActionsMenu';
import { BudgetHeading } from './BudgetHeading';
import { CountUpCategoryCard, CountUpCategoryRow, countUpSwitchId } from './CountUpCategoryCard';

function CountUpSkeleton() {
  return (
    <>
      <VisuallyHidden role="status">Loading count-up data…</VisuallyHidden>
      <Card>
        <Skeleton h={22} w="40%" />
        <Skeleton h={14} w="30%" mt={10} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="lg">
          {['a', 'b', 'c', 'd'].map((k) => (
            <Skeleton key={k} h={44} />
          ))}
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing={{ base: 'sm', sm: 'lg' }}>
        {['a', 'b'].map((k) => (
          <Card key={k} padding="md">
            <Skeleton h={40} w="60%" />
            <Skeleton h={32} w="40%" mt="md" />
            <Skeleton h={150} mt="md" />
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

export type CountUpViewProps = {
  budget: Budget;
  onEdit: () => void;
  onDelete: () => void;
  onSetAllowance: (status: CountUpStatusResponse) => void;
};

export function CountUpView({ budget, onEdit, onDelete, onSetAllowance }: CountUpViewProps) {
  // A past budget's count-up is shown as it ended: switches off limits, no allowance or budget edits.
  const editable = isEditable(budget);
  const countUp = useCountUp(budget.id, { enabled: true });
  const toggle = useEnableCountUp();
  const [refreshing, setRefreshing] = useState(false);
  // A switch moves its category between the sections (a new element): focus follows it there, once the
  // switch shows the state it was moved to.
  const [focusSwitch, setFocusSwitch] = useState<{ categoryId: string; enabled: boolean } | null>(null);

  useEffect(() => {
    if (!focusSwitch || !countUp.data) return;
    const element = document.getElementById(countUpSwitchId(focusSwitch.categoryId));
    if (!(element instanceof HTMLInputElement) || element.checked !== focusSwitch.enabled) return;
    element.focus();
    setFocusSwitch(null);
  }, [focusSwitch, countUp.data]);

  useEffect(() => {
    if (countUp.error && countUp.data) log.warn('Refreshing count-up data failed', countUp.error);
  }, [countUp.error, countUp.data]);

  if (countUp.isPending) return <CountUpSkeleton />;
  if (!countUp.data && isPlanRefusal(countUp.error)) {
    return (
      <UpgradePanel
        title="Count-up budgeting is a Pro feature"
        description="Each category starts at zero and earns its daily allowance, so what you can spend grows as you save. Turn it on per category, with your own daily amounts."
      />
    );
  }
  if (!countUp.data) {
    return (
      <Card>
        <ErrorState message="Failed to load count-up data!" onRetry={() => void countUp.refetch()} />
      </Card>
    );
  }

  const data = countUp.data;
  const totals = countUpTotals(data);
  const enabled = data.categories.filter((c) => c.countUpEnabled);
  const disabled = data.categories.filter((c) => !c.countUpEnabled);
  const custom = new Set(budget.categories.filter((c) => c.customDailyAllowance !== null).map((c) => c.id));

  const refresh = async () => {
    setRefreshing(true);
    const result = await countUp.refetch();
    setRefreshing(false);
    if (result.isError) toast.error('Refresh Failed', 'Failed to load count-up data!');
  };

  const setEnabled = (status: CountUpStatusResponse, enable: boolean) => {
    setFocusSwitch({ categoryId: status.categoryId, enabled: enable });
    toggle.mutate(
      { budgetId: budget.id, categoryId: status.categoryId, enable },
      {
        onSuccess: () =>
          enable
            ? toast.success(
                'Count-Up Enabled',
                `${status.categoryName} now earns ${formatMoney(status.dailyAllowance)} a day.`,
              )
            : toast.success('Count-Up Disabled', `${status.categoryName} is back to a traditional budget.`),
        onError: (error) => {
          log.warn('Count-up toggle failed', error);
          setFocusSwitch({ categoryId: status.categoryId, enabled: !enable });
          toast.error('Error', 'Failed to update count-up setting. Please try again.');
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Card component="section" aria-labelledby="count-up-summary-heading">
        <BudgetHeading
          budget={budget}
          headingId="count-up-summary-heading"
          actions={
            <Group gap={4} wrap="nowrap">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconRefresh size={14} />}
                loading={refreshing}
                onClick={() => void refresh()}
                visibleFrom="xs"
              >
                Refresh Data
              </Button>
              {/* Phones: the same action as an icon, so the budget's name keeps the room. */}
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Refresh Data"
                loading={refreshing}
                onClick={() => void refresh()}
                hiddenFrom="xs"
              >
                <IconRefresh size={16} />
              </ActionIcon>
              <BudgetActionsMenu onEdit={editable ? onEdit : undefined} onDelete={onDelete} />
            </Group>
          }
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'md', sm: 'lg' }} mt="lg">
          <Figure
            label="Daily Earnings"
            value={formatMoney(totals.dailyEarnings)}
            size="lg"
            hint={`${totals.enabled} of ${data.categories.length} categories counting up`}
          />
          <Figure
            label="Total Available"
            value={formatMoney(totals.totalAvailable)}
            size="lg"
            color={totals.totalAvailable < 0 ? DEBT_MONEY : POSITIVE_MONEY}
          />
          <Figure label="Earned so far" value={formatMoney(totals.earnedToDate)} size="lg" />
          <Figure label="Period" value={`Day ${data.daysElapsed} of ${data.totalDays}`} size="lg" />
        </SimpleGrid>
      </Card>

      {enabled.length === 0 ? (
        <Card>
          {editable ? (
            <EmptyState
              icon={IconTrendingUp}
              title="No categories counting up yet"
              description="Turn count-up on for a category below: its budget starts at zero and grows by its daily allowance, so what you can spend builds up as you save."
            />
          ) : (
            <EmptyState
              icon={IconTrendingUp}
              title="No categories counted up"
              description="Every category of this budget used the traditional budget."
            />
          )}
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing={{ base: 'sm', sm: 'lg' }}>
          {enabled.map((status) => (
            <CountUpCategoryCard
              key={status.categoryId}
              status={status}
              customAllowance={custom.has(status.categoryId)}
              onToggle={editable ? (enable) => setEnabled(status, enable) : undefined}
              onSetAllowance={editable ? () => onSetAllowance(status) : undefined}
            />
          ))}
        </SimpleGrid>
      )}

      {disabled.length > 0 && (
        <Card component="section" aria-labelledby="count-up-off-heading" padding="md">
          <Title order={2} fz="md" id="count-up-off-heading">
            Not counting up
          </Title>
          <Text fz="sm" c="dimmed" mb="xs">
            {editable
              ? 'These categories use the traditional budget. Turn one on to earn its allowance day by day.'
              : 'These categories used the traditional budget.'}
          </Text>
          <Stack gap={0}>
            {disabled.map((status, i) => (
              <div key={status.categoryId}>
                {i > 0 && <Divider />}
                <CountUpCategoryRow
                  status={status}
                  onToggle={editable ? (enable) => setEnabled(status, enable) : undefined}
                />
              </div>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
