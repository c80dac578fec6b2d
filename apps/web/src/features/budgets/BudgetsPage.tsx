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
import { type Budget, type BudgetCategory, type CountUpStatusResponse, todayIn } from '@tally/shared';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../app/auth';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { log } from '../../lib/log';
import { useActiveBudget } from './api/get-active-budget';
import { useBudgets } from './api/get-budgets';
import { CountUpView } from './components/CountUpView';
import { TraditionalView } from './components/TraditionalView';
import { type BudgetView, useBudgetView } from './use-budget-view';

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

type Editor = { budget: Budget | null; opened: boolean; session: number };
type Opened<T> = { item: T; opened: boolean; session: number } | null;

export function BudgetsPage() {
  const user = useCurrentUser();
  const list = useBudgets();
  const hasBudgets = (list.data?.length ?? 0) > 0;
  const active = useActiveBudget({ enabled: hasBudgets });
  const [view, setView] = useBudgetView();
  const [editor, setEditor] = useState<Editor>({ budget: null, opened: false, session: 0 });
  const [categoryEdit, setCategoryEdit] = useState<Opened<BudgetCategory>>(null);
  const [allowanceEdit, setAllowanceEdit] = useState<Opened<CountUpStatusResponse>>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (active.error && active.data !== undefined) log.warn('Refreshing the budget failed', active.error);
  }, [active.error, active.data]);

  const loading = list.isPending || (hasBudgets && active.isPending);
  const failed =
    (list.data === undefined && list.isError) || (hasBudgets && active.data === undefined && active.isError);
  // A budget still on screen from before the list emptied (deleted) is not shown.
  const budget = hasBudgets ? (active.data ?? null) : null;

  const retry = () => {
    void list.refetch();
    if (hasBudgets) void active.refetch();
  };
  const openEditor = (toEdit: Budget | null) =>
    setEditor((e) => ({ budget: toEdit, opened: true, session: e.session + 1 }));
  const closeEditor = () => setEditor((e) => ({ ...e, opened: false }));
  const nextSession = (current: Opened<unknown>) => (current?.session ?? 0) + 1;

  const createButton = (label: string) => (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openEditor(null)}>
      {label}
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Budgets"
        description="Give every dollar a job, then watch each category as the period goes on."
        actions={budget ? createButton('Create Budget') : undefined}
      />

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
            description="Plan how much each category gets this period. Count-up budgeting lets a category's allowance build day by day as you save."
            action={<div style={{ marginTop: 8 }}>{createButton('Create Your First Budget')}</div>}
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
              onEdit={() => openEditor(budget)}
              onDelete={() => setDeleting(true)}
              onEditCategory={(item) =>
                setCategoryEdit((c) => ({ item, opened: true, session: nextSession(c) }))
              }
            />
          ) : (
            <CountUpView
              budget={budget}
              onEdit={() => openEditor(budget)}
              onDelete={() => setDeleting(true)}
              onSetAllowance={(item) =>
                setAllowanceEdit((c) => ({ item, opened: true, session: nextSession(c) }))
              }
            />
          )}
        </>
      )}

      <BudgetDialog
        key={`budget-${editor.session}`}
        opened={editor.opened}
        onClose={closeEditor}
        budget={editor.budget}
        replaces={budget?.name ?? null}
        today={todayIn(user.timeZone)}
      />
      <CategoryBudgetDialog
        key={`category-${categoryEdit?.session ?? 0}`}
        budget={budget}
        category={categoryEdit?.item ?? null}
        opened={categoryEdit?.opened ?? false}
        onClose={() => setCategoryEdit((c) => c && { ...c, opened: false })}
      />
      <AllowanceDialog
        key={`allowance-${allowanceEdit?.session ?? 0}`}
        status={allowanceEdit?.item ?? null}
        custom={
          budget?.categories.find((c) => c.id === allowanceEdit?.item.categoryId)?.customDailyAllowance ??
          null
        }
        opened={allowanceEdit?.opened ?? false}
        onClose={() => setAllowanceEdit((c) => c && { ...c, opened: false })}
      />
      <DeleteBudgetDialog budget={budget} opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
