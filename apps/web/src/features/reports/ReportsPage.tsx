import {
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconBulb,
  IconChartBar,
  IconDownload,
  IconPercentage,
  IconScale,
} from '@tabler/icons-react';
import {
  type CashFlowReport,
  type CategoryCode,
  FEATURE_PLAN,
  formatMoney,
  REPORT_COMPARISONS,
  REPORT_INTERVALS,
  REPORT_PERIODS,
  type ReportComparison,
  type ReportInterval,
  type ReportPeriod,
} from '@tally/shared';
import { lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LazyChart } from '../../components/LazyChart';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { LIST_MOUNTED_WHEN_OPEN } from '../../lib/combobox';
import { formatDay } from '../../lib/format';
import { DEBT_MONEY, POSITIVE_MONEY } from '../../lib/money-colors';
import { useAccounts } from '../accounts';
import { isPlanRefusal, UpgradePanel } from '../billing';
import { categorySelectData } from '../transactions';
import { useCashFlow } from './api/cash-flow';
import type { CashFlowPoint } from './charts/CashFlowReportChart';
import {
  bucketLabel,
  cashFlowCsv,
  drillDownHref,
  formatRate,
  type ReportState,
  reportFromParams,
  reportQueryString,
  reportToParams,
} from './report-state';

const CashFlowReportChart = lazy(async () => ({
  default: (await import('./charts/CashFlowReportChart')).CashFlowReportChart,
}));

const CustomPeriodFields = lazy(async () => ({
  default: (await import('./CustomPeriodFields')).CustomPeriodFields,
}));

const CHART_HEIGHT = 300;
const ALL = 'all';
const CATEGORY_DATA = [{ value: ALL, label: 'All categories' }, ...categorySelectData()];
const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const cssColor = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(`--mantine-color-${name.replace('.', '-')}`);

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
 * Reports (Pro): the cash flow of any period by month or week, compared with the period before or a year
 * earlier, with why it changed in words; every month opens its transactions, and the table goes out as CSV
 * and the chart as a picture.
 */
export function ReportsPage() {
  const { state, update } = useReportState();
  const query = reportQueryString(state);
  const report = useCashFlow(query);
  const refused = isPlanRefusal(report.error);

  return (
    <Stack gap="lg">
      <PageHeader {...SCREEN_HEADERS['/reports']} />
      {refused ? (
        <UpgradePanel
          plan={FEATURE_PLAN.reports}
          title="Reports are a Pro feature"
          description="See your income, spending and savings rate month by month for any period, compare it with the period before or a year earlier, read what changed in plain words, open the transactions behind any month, and export it all."
        />
      ) : (
        <>
          <ReportControls state={state} update={update} />
          <CashFlowSection
            state={state}
            update={update}
            report={report.data}
            loading={report.isPending && query !== null}
            error={report.isError ? report.error : null}
            onRetry={() => void report.refetch()}
            incomplete={query === null}
          />
        </>
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
  const accountData = [
    { value: ALL, label: 'All accounts' },
    ...(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
  ];
  return (
    <Card padding="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: state.period === 'custom' ? 6 : 4 }} spacing="sm">
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
      </SimpleGrid>
    </Card>
  );
}

/** How a stat card names the comparison, briefly. */
const BEFORE: Record<ReportComparison, string> = {
  previous: 'the period before',
  year_ago: 'a year earlier',
  none: '',
};

/** "$1,234.00/mo avg · $1,100.00 the period before": the average per month or week, and the comparison's. */
function hint(report: CashFlowReport, compare: ReportComparison, pick: 'income' | 'expenses' | 'net') {
  const average = `${formatMoney(report.averages[pick])}/${report.interval === 'month' ? 'mo' : 'wk'} avg`;
  if (!report.previous) return average;
  return `${average} · ${formatMoney(report.previous[pick])} ${BEFORE[compare]}`;
}

function CashFlowSection({
  state,
  update,
  report,
  loading,
  error,
  onRetry,
  incomplete,
}: {
  state: ReportState;
  update: (change: Partial<ReportState>) => void;
  report: CashFlowReport | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  incomplete: boolean;
}) {
  const navigate = useNavigate();
  const figure = useRef<HTMLDivElement>(null);
  const points: CashFlowPoint[] = useMemo(
    () =>
      (report?.buckets ?? []).map((b) => ({
        label: bucketLabel(b, report?.interval ?? 'month'),
        income: b.income,
        expenses: b.expenses,
        net: b.net,
        savingsRate: b.savingsRate === null ? null : Math.round(b.savingsRate * 100),
      })),
    [report],
  );

  const title = report
    ? `Cash flow, ${formatDay(report.startDate)} – ${formatDay(report.endDate)}`
    : 'Cash flow';
  const filename = report ? `tally-cash-flow-${report.startDate}-to-${report.endDate}` : 'tally-cash-flow';

  const save = async (kind: 'csv' | 'png') => {
    if (!report) return;
    try {
      const { downloadFile } = await import('../../lib/download');
      if (kind === 'csv') {
        const blob = new Blob([cashFlowCsv(report)], { type: 'text/csv;charset=utf-8' });
        downloadFile({ blob, filename: `${filename}.csv` });
        return;
      }
      const { chartPng } = await import('./chart-png');
      if (state.view !== 'chart' || !figure.current) {
        toast.error('Nothing to save', 'Show the chart first, then save it as a picture.');
        return;
      }
      const blob = await chartPng(figure.current, {
        title,
        legend: [
          { label: 'Income', color: cssColor('teal.7') },
          { label: 'Spending', color: cssColor('red.6') },
          { label: 'Savings rate', color: cssColor('blue.6') },
        ],
      });
      downloadFile({ blob, filename: `${filename}.png` });
    } catch {
      toast.error('Export Failed', 'The file could not be made. Please try again.');
    }
  };

  let body: React.ReactNode;
  if (incomplete) {
    body = (
      <EmptyState
        icon={IconChartBar}
        title="Choose the days"
        description="Pick the first and the last day of the period to see its report."
      />
    );
  } else if (loading) {
    body = (
      <Stack gap="md" aria-busy>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={104} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton h={CHART_HEIGHT} radius="md" />
      </Stack>
    );
  } else if (!report) {
    body = (
      <ErrorState
        message="Error loading your report"
        detail={serverMessage(error, 'Please try again.')}
        onRetry={onRetry}
      />
    );
  } else if (report.totals.transactionCount === 0 && (report.previous?.transactionCount ?? 0) === 0) {
    body = (
      <EmptyState
        icon={IconChartBar}
        title="No transactions in this period"
        description="Choose a longer period or another account or category, or link a bank to bring your history in."
      />
    );
  } else {
    const { totals } = report;
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
          <StatCard
            label="Income"
            value={formatMoney(totals.income)}
            hint={hint(report, state.compare, 'income')}
            icon={IconArrowDownRight}
            color="teal"
          />
          <StatCard
            label="Spending"
            value={formatMoney(totals.expenses)}
            hint={hint(report, state.compare, 'expenses')}
            icon={IconArrowUpRight}
            color="red"
          />
          <StatCard
            label="Net"
            value={formatMoney(totals.net)}
            valueColor={totals.net < 0 ? DEBT_MONEY : POSITIVE_MONEY}
            hint={hint(report, state.compare, 'net')}
            icon={IconScale}
            color="blue"
          />
          <StatCard
            label="Savings rate"
            value={formatRate(totals.savingsRate)}
            hint={
              report.previous
                ? `${formatRate(report.previous.savingsRate)} ${BEFORE[state.compare]}`
                : 'Net as a share of income'
            }
            icon={IconPercentage}
            color="grape"
          />
        </SimpleGrid>
        {report.changes.length > 0 && (
          <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="report-changes">
            <ThemeIcon variant="light" color="yellow" radius="xl" size={28} aria-hidden>
              <IconBulb size={16} />
            </ThemeIcon>
            <Stack gap={2}>
              {report.changes.map((sentence) => (
                <Text key={sentence} fz="sm">
                  {sentence}
                </Text>
              ))}
            </Stack>
          </Group>
        )}
        {state.view === 'chart' ? (
          <div ref={figure}>
            <LazyChart height={CHART_HEIGHT} summary={chartSummary(report)}>
              <CashFlowReportChart
                points={points}
                height={CHART_HEIGHT}
                onOpen={(index) => {
                  const bucket = report.buckets[index];
                  if (bucket) void navigate(drillDownHref(bucket, state));
                }}
              />
            </LazyChart>
          </div>
        ) : (
          <CashFlowTable report={report} state={state} />
        )}
        <Text fz="xs" c="dimmed">
          Transfers between your own accounts are neither income nor spending.{' '}
          <Anchor component={Link} to={drillDownHref(report, state)} fz="xs" underline="always">
            See all {report.totals.transactionCount.toLocaleString('en-US')} transactions
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <Card padding="lg">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} fz="lg">
          Cash flow
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            aria-label="Figures per"
            size="xs"
            data={REPORT_INTERVALS.map((i) => ({ value: i.value, label: i.label }))}
            value={state.interval}
            onChange={(value) => update({ interval: value as ReportInterval })}
          />
          <SegmentedControl
            aria-label="Show as"
            size="xs"
            data={[
              { value: 'chart', label: 'Chart' },
              { value: 'table', label: 'Table' },
            ]}
            value={state.view}
            onChange={(value) => update({ view: value as ReportState['view'] })}
          />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
                disabled={!report || loading}
              >
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void save('csv')}>Table as CSV</Menu.Item>
              <Menu.Item onClick={() => void save('png')} disabled={state.view !== 'chart'}>
                Chart as PNG
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {body}
    </Card>
  );
}

/** What the chart shows, for a screen reader: the period's totals and its best and worst month. */
function chartSummary(report: CashFlowReport): string {
  const unit = report.interval === 'month' ? 'month' : 'week';
  const sorted = [...report.buckets].sort((a, b) => b.net - a.net);
  const best = sorted[0];
  const worst = sorted.at(-1);
  const parts = [
    `Income ${formatMoney(report.totals.income)} and spending ${formatMoney(report.totals.expenses)} over ${report.buckets.length} ${unit}s.`,
  ];
  if (best && worst && best !== worst)
    parts.push(
      `Best ${unit}: ${bucketLabel(best, report.interval)}, net ${formatMoney(best.net)}; weakest: ${bucketLabel(worst, report.interval)}, net ${formatMoney(worst.net)}.`,
    );
  parts.push('The table view lists every one.');
  return parts.join(' ');
}

function CashFlowTable({ report, state }: { report: CashFlowReport; state: ReportState }) {
  const cell = (cents: number, color?: string) => (
    <Table.Td ta="right" style={tabular} c={color}>
      {formatMoney(cents)}
    </Table.Td>
  );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{report.interval === 'month' ? 'Month' : 'Week'}</Table.Th>
            <Table.Th ta="right">Income</Table.Th>
            <Table.Th ta="right">Spending</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
            <Table.Th ta="right">Savings rate</Table.Th>
            <Table.Th ta="right">Transactions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.buckets.map((b) => (
            <Table.Tr key={b.start}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={drillDownHref(b, state)}
                  fz="sm"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {bucketLabel(b, report.interval)}
                </Anchor>
              </Table.Td>
              {cell(b.income)}
              {cell(b.expenses)}
              {cell(b.net, b.net < 0 ? DEBT_MONEY : undefined)}
              <Table.Td ta="right" style={tabular}>
                {formatRate(b.savingsRate)}
              </Table.Td>
              <Table.Td ta="right" style={tabular}>
                {b.transactionCount.toLocaleString('en-US')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>Total</Table.Td>
            {cell(report.totals.income)}
            {cell(report.totals.expenses)}
            {cell(report.totals.net, report.totals.net < 0 ? DEBT_MONEY : undefined)}
            <Table.Td ta="right" style={tabular}>
              {formatRate(report.totals.savingsRate)}
            </Table.Td>
            <Table.Td ta="right" style={tabular}>
              {report.totals.transactionCount.toLocaleString('en-US')}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
