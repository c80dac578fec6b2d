import { Box, Card, SegmentedControl, Select, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import {
  type CategoryCode,
  FEATURE_PLAN,
  planAllows,
  planState,
  REPORT_COMPARISONS,
  REPORT_PERIODS,
  type ReportComparison,
  type ReportPeriod,
} from '@tally/shared';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/auth';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { PageHeader } from '../../components/PageHeader';
import { LIST_MOUNTED_WHEN_OPEN } from '../../lib/combobox';
import { useAccounts } from '../accounts';
import { UpgradePanel } from '../billing';
import { categorySelectData } from '../transactions';
import { CHART_HEIGHT } from './report-parts';
import { REPORTS, type ReportKind, type ReportState, reportFromParams, reportToParams } from './report-state';

// Each report is its own chunk, fetched when it is chosen.
const CashFlowSection = lazy(async () => ({ default: (await import('./CashFlowSection')).CashFlowSection }));
const SpendingSection = lazy(async () => ({ default: (await import('./SpendingSection')).SpendingSection }));
const FlowSection = lazy(async () => ({ default: (await import('./FlowSection')).FlowSection }));
const NetWorthSection = lazy(async () => ({ default: (await import('./NetWorthSection')).NetWorthSection }));
const CustomSection = lazy(async () => ({ default: (await import('./CustomSection')).CustomSection }));
const SECTIONS = {
  'cash-flow': CashFlowSection,
  spending: SpendingSection,
  flow: FlowSection,
  'net-worth': NetWorthSection,
  custom: CustomSection,
};
const CustomPeriodFields = lazy(async () => ({
  default: (await import('./CustomPeriodFields')).CustomPeriodFields,
}));

const ALL = 'all';
const CATEGORY_DATA = [{ value: ALL, label: 'All categories' }, ...categorySelectData()];

function useReportState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => reportFromParams(params), [params]);
  const update = useCallback(
    (change: Partial<ReportState>) =>
      setParams((current) => reportToParams({ ...reportFromParams(current), ...change }), { replace: true }),
    [setParams],
  );
  return { state, update };
}

/**
 * Reports (Pro): the cash flow and the spending of any period by month or week, where its money flowed, and
 * net worth day by day, compared with the period before or a year earlier, with why they changed in words;
 * every figure opens its transactions, and each report goes out as CSV and its chart as a picture. The choices
 * live in the address bar.
 */
export function ReportsPage() {
  const { state, update } = useReportState();
  const user = useCurrentUser();
  const allowed = planAllows(planState(user, new Date()).plan, 'reports');
  const Section = SECTIONS[state.report];

  return (
    <Stack gap="lg">
      <PageHeader
        {...SCREEN_HEADERS['/reports']}
        actions={
          allowed && (
            // A phone scrolls the five reports sideways rather than the page.
            <Box maw="100%" style={{ overflowX: 'auto' }}>
              <SegmentedControl
                aria-label="Report"
                data={REPORTS.map((r) => ({ value: r.value, label: r.label }))}
                value={state.report}
                // Another report leaves the saved one that was open.
                onChange={(value) => update({ report: value as ReportKind, saved: null })}
              />
            </Box>
          )
        }
      />
      {allowed ? (
        <>
          <ReportControls state={state} update={update} />
          <Suspense fallback={<Skeleton h={CHART_HEIGHT + 200} radius="md" />}>
            <Section state={state} update={update} />
          </Suspense>
        </>
      ) : (
        <UpgradePanel
          plan={FEATURE_PLAN.reports}
          title="Reports are a Pro feature"
          description="See your income, spending and savings rate month by month for any period, where the money went by category and merchant, how income flowed into spending and savings, your net worth day by day, compare it with the period before or a year earlier, read what changed in plain words, open the transactions behind any figure, and export it all."
        />
      )}
    </Stack>
  );
}

function ReportControls({
  state,
  update,
}: {
  state: ReportState;
  update: (change: Partial<ReportState>) => void;
}) {
  const accounts = useAccounts();
  // A balance is every category's: net worth has no category to narrow to.
  const byCategory = state.report !== 'net-worth';
  const accountData = [
    { value: ALL, label: 'All accounts' },
    ...(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
  ];
  return (
    <Card padding="md">
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: (state.period === 'custom' ? 6 : 4) - (byCategory ? 0 : 1) }}
        spacing="sm"
      >
        <Select
          label="Period"
          data={REPORT_PERIODS.map((p) => ({ value: p.value, label: p.label }))}
          value={state.period}
          onChange={(value) => value && update({ period: value as ReportPeriod })}
          allowDeselect={false}
          comboboxProps={LIST_MOUNTED_WHEN_OPEN}
        />
        {state.period === 'custom' && (
          <Suspense fallback={[0, 1].map((i) => <Skeleton key={i} h={60} radius="sm" />)}>
            <CustomPeriodFields startDate={state.startDate} endDate={state.endDate} onChange={update} />
          </Suspense>
        )}
        <Select
          label="Compare with"
          data={REPORT_COMPARISONS.map((c) => ({ value: c.value, label: c.label }))}
          value={state.compare}
          onChange={(value) => value && update({ compare: value as ReportComparison })}
          allowDeselect={false}
          comboboxProps={LIST_MOUNTED_WHEN_OPEN}
        />
        <Select
          label="Account"
          data={accountData}
          value={state.accountId ?? ALL}
          onChange={(value) => update({ accountId: !value || value === ALL ? null : value })}
          allowDeselect={false}
          comboboxProps={LIST_MOUNTED_WHEN_OPEN}
        />
        {byCategory && (
          <Select
            label="Category"
            data={CATEGORY_DATA}
            value={state.category === null ? ALL : String(state.category)}
            onChange={(value) =>
              update({ category: !value || value === ALL ? null : (Number(value) as CategoryCode) })
            }
            allowDeselect={false}
            searchable
            comboboxProps={LIST_MOUNTED_WHEN_OPEN}
          />
        )}
      </SimpleGrid>
    </Card>
  );
}
