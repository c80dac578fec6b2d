import { Anchor, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconPercentage, IconScale } from '@tabler/icons-react';
import { type CashFlowReport, formatMoney } from '@tally/shared';
import { lazy, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyChart } from '../../components/LazyChart';
import { StatCard } from '../../components/StatCard';
import { formatDay } from '../../lib/format';
import { DEBT_MONEY, POSITIVE_MONEY } from '../../lib/money-colors';
import { useReport } from './api/report';
import type { CashFlowPoint } from './charts/CashFlowReportChart';
import {
  before,
  CHART_HEIGHT,
  ChangeSentences,
  cssColor,
  Refreshing,
  ReportCard,
  type ReportExports,
  reportPlaceholder,
  type SectionProps,
  tabular,
} from './report-parts';
import {
  bucketLabel,
  cashFlowCsv,
  drillDownHref,
  formatRate,
  type ReportState,
  reportQueryString,
} from './report-state';

const CashFlowReportChart = lazy(async () => ({
  default: (await import('./charts/CashFlowReportChart')).CashFlowReportChart,
}));

/** "$1,234.00/mo avg · $1,100.00 the period before": the average per month or week, and the comparison's. */
function hint(report: CashFlowReport, pick: 'income' | 'expenses' | 'net') {
  const average = `${formatMoney(report.averages[pick])}/${report.interval === 'month' ? 'mo' : 'wk'} avg`;
  if (!report.previous) return average;
  return `${average} · ${formatMoney(report.previous[pick])} ${before(report)}`;
}

/**
 * The cash flow report: income, spending, net and the savings rate of the period against the comparison,
 * why they changed, and each month or week as bars (a click opens its transactions) or a table.
 */
export function CashFlowSection({ state, update }: SectionProps) {
  const query = reportQueryString(state);
  const cashFlow = useReport('cash-flow', query);
  const report = cashFlow.data;
  const navigate = useNavigate();
  const chart = useRef<HTMLDivElement>(null);
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

  const exports: ReportExports | null = report
    ? {
        filename: `tally-cash-flow-${report.startDate}-to-${report.endDate}`,
        csv: () => cashFlowCsv(report),
        chart,
        drawn: report.buckets.length > 0,
        picture: () => ({
          title: `Cash flow, ${formatDay(report.startDate)} – ${formatDay(report.endDate)}`,
          legend: [
            { label: 'Income', color: cssColor('teal.7') },
            { label: 'Spending', color: cssColor('red.6') },
            { label: 'Savings rate', color: cssColor('blue.6') },
          ],
        }),
      }
    : null;

  const placeholder = reportPlaceholder({
    incomplete: query === null,
    loading: cashFlow.isPending,
    error: report ? null : cashFlow.error,
    onRetry: () => void cashFlow.refetch(),
    empty: !!report && report.totals.transactionCount === 0 && (report.previous?.transactionCount ?? 0) === 0,
  });

  return (
    <ReportCard title="Cash flow" state={state} update={update} exports={exports}>
      {placeholder ??
        (report && (
          <Refreshing refreshing={cashFlow.isPlaceholderData}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
                <StatCard
                  label="Income"
                  value={formatMoney(report.totals.income)}
                  hint={hint(report, 'income')}
                  icon={IconArrowDownRight}
                  color="teal"
                />
                <StatCard
                  label="Spending"
                  value={formatMoney(report.totals.expenses)}
                  hint={hint(report, 'expenses')}
                  icon={IconArrowUpRight}
                  color="red"
                />
                <StatCard
                  label="Net"
                  value={formatMoney(report.totals.net)}
                  valueColor={report.totals.net < 0 ? DEBT_MONEY : POSITIVE_MONEY}
                  hint={hint(report, 'net')}
                  icon={IconScale}
                  color="blue"
                />
                <StatCard
                  label="Savings rate"
                  value={formatRate(report.totals.savingsRate)}
                  hint={
                    report.previous
                      ? `${formatRate(report.previous.savingsRate)} ${before(report)}`
                      : 'Net as a share of income'
                  }
                  icon={IconPercentage}
                  color="grape"
                />
              </SimpleGrid>
              <ChangeSentences changes={report.changes} />
              {state.view === 'chart' ? (
                <div ref={chart}>
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
          </Refreshing>
        ))}
    </ReportCard>
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
