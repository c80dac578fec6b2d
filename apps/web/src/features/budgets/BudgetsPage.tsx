import {
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconWallet } from '@tabler/icons-react';
import {
  type Budget,
  type BudgetCategory,
  type CountUpStatusResponse,
  planState,
  todayIn,
} from '@tally/shared';
import { useEffect } from 'react';
import { useCurrentUser } from '../../app/auth';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { log } from '../../lib/log';
import { useDialog } from '../../lib/use-dialog';
import { InsightsPanel } from '../ai';
import { useActiveBudget } from './api/get-active-budget';
import { useBudget } from './api/get-budget';
import { useBudgets } from './api/get-budgets';
import { CountUpView } from './components/CountUpView';
import { PastBudgetNotice } from './components/PastBudgetNotice';
import { PastBudgetsMenu } from './components/PastBudgetsMenu';
import { TraditionalView } from './components/TraditionalView';
import { pastBudgets, shownBudget } from './past-budgets';
import { type BudgetView, useBudgetView } from './use-budget-view';
import { usePastBudgetParam } from './use-past-budget';

// Dialogs: fetched when first opened.
const BudgetDialog = lazyDialog(async () => (await import('./components/BudgetDialog')).BudgetDialog);
const CategoryBudgetDialog = lazyDialog(
  async () => (await import('./components/CategoryBudgetDialog')).CategoryBudgetDialog,
);
const AllowanceDialog = lazyDialog(
  async () => (await import('./components/AllowanceDialog')).AllowanceDialog,
);
const DeleteBudgetDialog = lazyDialog(
  async () => (await import('./components/DeleteBudgetDialog')).DeleteBudgetDialog,
);

/** SPEC §2: the Budgets screen shows up to 3 insights. */
const BUDGET_INSIGHTS = 3;

const VIEWS: { value: BudgetView; label: string }[] = [
  { value: 'traditional', label: 'Traditional' },
  { value: 'count-up', label: 'Count-Up' },
];

function BudgetsSkeleton() {
  return (
    <>
      <VisuallyHidden role="status">Loading your budget…</VisuallyHidden>
      <Skeleton h={36} w={240} radius="md" />
      <Card>
        <Skeleton h={24} w="35%" />
        <Skeleton h={14} w="25%" mt={10} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="lg">
          {['income', 'budgeted', 'spent', 'remaining'].map((k) => (
            <Skeleton key={k} h={44} />
          ))}
        </SimpleGrid>
        <Skeleton h={12} mt="lg" radius="xl" />
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'lg' }}>
        {['a', 'b', 'c'].map((k) => (
          <Card key={k} padding="md">
            <Group gap="sm">
              <Skeleton h={40} w={40} radius="md" />
              <div style={{ flex: 1 }}>
                <Skeleton h={16} w="50%" />
                <Skeleton h={12} w="70%" mt={8} />
              </div>
            </Group>
            <Skeleton h={10} mt="md" radius="xl" />
            <Skeleton h={36} mt="md" />
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

export function BudgetsPage() {
  const user = useCurrentUser();
  const list = useBudgets();
  const budgets = list.data ?? [];
  const activeItem = budgets.find((b) => b.isActive) ?? null;
  const past = pastBudgets(budgets);
  const [budgetParam, showBudget] = usePastBudgetParam();
  const shown = shownBudget(budgets, budgetParam);
  const pastItem = shown.kind === 'past' ? shown.budget : null;
  // Each asked for only while on screen, so a person without an active budget never gets its 404.
  const active = useActiveBudget({ enabled: activeItem !== null && pastItem === null });
  const pastBudget = useBudget(pastItem?.id ?? '', { enabled: pastItem !== null });
  const [view, setView] = useBudgetView();
  // The editor opens for a budget, or for none (a new one).
  const editor = useDialog<Budget | null>(null);
  const categoryEdit = useDialog<BudgetCategory | null>(null);
  const allowanceEdit = useDialog<CountUpStatusResponse | null>(null);
  const deleting = useDialog<Budget | null>(null);

  // The budget on screen: a past one when the address names one, else the active one (if any).
  const query = pastItem ? pastBudget : active;
  const asked = pastItem !== null || activeItem !== null;

  useEffect(() => {
    if (query.error && query.data !== undefined) log.warn('Refreshing the budget failed', query.error);
  }, [query.error, query.data]);

  // An address naming the active budget, or one the list does not hold (deleted since, or never the
  // person's), shows the active budget under its plain address.
  useEffect(() => {
    if (list.data && budgetParam !== null && shown.kind !== 'past') showBudget(null, { replace: true });
  }, [list.data, budgetParam, shown.kind, showBudget]);

  const loading = list.isPending || (asked && query.isPending);
  const failed =
    (list.data === undefined && list.isError) || (asked && query.data === undefined && query.isError);
  // A budget still on screen from before the list changed (deleted, or replaced) is not shown.
  const budget = asked ? (query.data ?? null) : null;

  const retry = () => {
    void list.refetch();
    if (asked) void query.refetch();
  };

  const createButton = (label: string) => (
    <Button leftSection={<IconPlus size={16} />} onClick={() => editor.open(null)}>
      {label}
    </Button>
  );
  const headerActions = (
    <>
      {past.length > 0 && <PastBudgetsMenu budgets={past} shownId={pastItem?.id ?? null} />}
      {budget && createButton('Create Budget')}
    </>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        {...SCREEN_HEADERS['/budgets']}
        actions={past.length > 0 || budget ? headerActions : undefined}
      />

      {pastItem && <PastBudgetNotice name={pastItem.name} hasActive={activeItem !== null} />}

      {loading ? (
        <BudgetsSkeleton />
      ) : failed ? (
        <Card>
          <ErrorState message="Error Loading Budget Data" onRetry={retry} />
        </Card>
      ) : !budget ? (
        <Card>
          <EmptyState
            icon={IconWallet}
            title="No Active Budget"
            description={
              past.length > 0
                ? 'Your earlier budgets stay under Past budgets, to read. Plan this period with a new one.'
                : "Plan how much each category gets this period. Count-up budgeting lets a category's allowance build day by day as you save."
            }
            action={
              <div style={{ marginTop: 8 }}>
                {createButton(past.length > 0 ? 'Create Budget' : 'Create Your First Budget')}
              </div>
            }
            py={48}
          />
        </Card>
      ) : (
        <>
          <SegmentedControl
            value={view}
            onChange={(value) => setView(value === 'count-up' ? 'count-up' : 'traditional')}
            data={VIEWS}
            aria-label="Budget view"
            w={{ base: '100%', xs: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          />
          {view === 'traditional' ? (
            <TraditionalView
              budget={budget}
              onEdit={() => editor.open(budget)}
              onDelete={() => deleting.open(budget)}
              onEditCategory={categoryEdit.open}
            />
          ) : (
            <CountUpView
              budget={budget}
              onEdit={() => editor.open(budget)}
              onDelete={() => deleting.open(budget)}
              onSetAllowance={allowanceEdit.open}
            />
          )}
          {/* Insights are about the budget running now, not one kept to read. */}
          {!pastItem && (
            <InsightsPanel title="AI Budget Insights" context="budget" maxInsights={BUDGET_INSIGHTS} />
          )}
        </>
      )}

      <BudgetDialog
        key={`budget-${editor.session}`}
        opened={editor.opened}
        onClose={editor.close}
        budget={editor.item}
        replaces={activeItem?.name ?? null}
        today={todayIn(user.timeZone)}
        countUpLocked={planState(user, new Date()).plan.code === 'starter'}
        // The new budget is the active one: show it, even when a past one was on screen.
        onCreated={() => showBudget(null)}
      />
      <CategoryBudgetDialog
        key={`category-${categoryEdit.session}`}
        budget={budget}
        category={categoryEdit.item}
        opened={categoryEdit.opened}
        onClose={categoryEdit.close}
      />
      <AllowanceDialog
        key={`allowance-${allowanceEdit.session}`}
        status={allowanceEdit.item}
        custom={
          budget?.categories.find((c) => c.id === allowanceEdit.item?.categoryId)?.customDailyAllowance ??
          null
        }
        opened={allowanceEdit.opened}
        onClose={allowanceEdit.close}
      />
      {/* Keeps the budget it was opened for, so the name stays put while the list moves on after a delete. */}
      <DeleteBudgetDialog
        key={`delete-${deleting.session}`}
        budget={deleting.item}
        opened={deleting.opened}
        onClose={deleting.close}
      />
    </Stack>
  );
}
