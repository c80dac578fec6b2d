import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowUpRight, IconBuildingStore, IconCalendarStats, IconChartPie } from '@tabler/icons-react';
import { type CategoryCode, type Cents, formatMoney, type SpendingReport } from '@tally/shared';
import { lazy, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LazyChart } from '../../components/LazyChart';
import { StatCard } from '../../components/StatCard';
import { formatDay } from '../../lib/format';
import { DEBT_MONEY, POSITIVE_MONEY } from '../../lib/money-colors';
import { transactionsHref } from '../../lib/transactions-url';
import { useReport } from './api/report';
import type { SpendingSeries } from './charts/SpendingChart';
import {
  BAND_COLORS,
  before,
  CHART_HEIGHT,
  ChangeSentences,
  cssColor,
  REST_COLOR,
  Refreshing,
  ReportCard,
  type ReportExports,
  reportPlaceholder,
  type SectionProps,
  tabular,
} from './report-parts';
import { bucketLabel, drillDownHref, reportQueryString, spendingCsv } from './report-state';

const SpendingChart = lazy(async () => ({ default: (await import('./charts/SpendingChart')).SpendingChart }));

const OTHER = { key: 'other', label: 'Other', color: REST_COLOR };

/** The chart's bands: the largest categories by name, one colour each, the rest as Other. */
function bands(report: SpendingReport): SpendingSeries[] {
  const named = Math.min(report.categories.length, BAND_COLORS.length);
  const series = report.categories.slice(0, named).map((c, i) => ({
    key: String(c.category),
    label: c.categoryName,
    color: BAND_COLORS[i % BAND_COLORS.length] as string,
  }));
  return named < report.categories.length ? [...series, OTHER] : series;
}

/** A change against the comparison as the table shows it: "+$120.00", "−$45.00", or "New". */
function change(amount: Cents, previous: Cents | null) {
  if (previous === null) return null;
  if (previous === 0) return amount > 0 ? 'New' : '—';
  const delta = amount - previous;
  return `${delta > 0 ? '+' : delta < 0 ? '−' : ''}${formatMoney(Math.abs(delta))}`;
}

/** A name in a figure's place: smaller than an amount, on two lines at most. */
function Named({ children }: { children: string }) {
  return (
    <Text
      span
      inherit
      fz={{ base: 16, sm: 20 }}
      lineClamp={2}
      display="block"
      style={{ overflowWrap: 'anywhere' }}
    >
      {children}
    </Text>
  );
}

/** A merchant's spending per month or week as a small line, for the eye only (the amounts are beside it). */
function Trend({ values }: { values: Cents[] }) {
  const width = 72;
  const height = 24;
  const max = Math.max(...values, 1);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map(
    (v, i) => `${(i * step).toFixed(1)},${(height - (v / max) * (height - 2) - 1).toFixed(1)}`,
  );
  return (
    <svg width={width} height={height} aria-hidden style={{ flex: 'none', overflow: 'visible' }}>
      <polyline
        points={points.join(' ')}
        fill="none"
        stroke="var(--mantine-color-indigo-6)"
        strokeWidth={1.5}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The spending report: where the money went in the period, by category per month or week (a click opens
 * that category's transactions of that month), the categories against the comparison, the merchants spent
 * at most with their trend, and where the money came from.
 */
export function SpendingSection({ state, update }: SectionProps) {
  const query = reportQueryString(state);
  const spending = useReport('spending', query);
  const report = spending.data;
  const navigate = useNavigate();
  const chart = useRef<HTMLDivElement>(null);
  const series = useMemo(() => (report ? bands(report) : []), [report]);
  const rows = useMemo(() => {
    if (!report) return [];
    const named = new Set(series.map((s) => s.key));
    return report.buckets.map((b) => {
      const row: Record<string, number | string> = { label: bucketLabel(b, report.interval) };
      for (const s of series) row[s.key] = 0;
      for (const c of b.categories) {
        const key = named.has(String(c.category)) ? String(c.category) : OTHER.key;
        row[key] = Number(row[key] ?? 0) + c.amount;
      }
      return row;
    });
  }, [report, series]);

  const exports: ReportExports | null = report
    ? {
        filename: `tally-spending-${report.startDate}-to-${report.endDate}`,
        csv: () => spendingCsv(report),
        chart,
        drawn: report.total > 0,
        picture: () => ({
          title: `Spending, ${formatDay(report.startDate)} – ${formatDay(report.endDate)}`,
          legend: series.map((s) => ({ label: s.label, color: cssColor(s.color) })),
        }),
      }
    : null;

  const placeholder = reportPlaceholder({
    incomplete: query === null,
    loading: spending.isPending,
    error: report ? null : spending.error,
    onRetry: () => void spending.refetch(),
    empty:
      !!report &&
      report.total === 0 &&
      (report.previousTotal ?? 0) === 0 &&
      report.incomeSources.length === 0,
  });

  const range = report && { startDate: report.startDate, endDate: report.endDate };
  const categoryHref = (category: number | null, days = range) =>
    days
      ? drillDownHref(days, {
          ...state,
          category: category === null ? state.category : (category as CategoryCode),
        })
      : '';
  const unit = report?.interval === 'week' ? 'wk' : 'mo';
  const top = report?.categories[0];
  const merchant = report?.merchants[0];

  return (
    <ReportCard title="Spending" state={state} update={update} exports={exports}>
      {placeholder ??
        (report && range && (
          <Refreshing refreshing={spending.isPlaceholderData}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
                <StatCard
                  label="Spending"
                  value={formatMoney(report.total)}
                  hint={
                    report.previousTotal === null
                      ? 'Money out, transfers left out'
                      : `${formatMoney(report.previousTotal)} ${before(report)}`
                  }
                  icon={IconArrowUpRight}
                  color="red"
                />
                <StatCard
                  label="Average"
                  value={formatMoney(Math.round(report.total / Math.max(report.buckets.length, 1)))}
                  hint={`Per ${unit === 'mo' ? 'month' : 'week'}, over ${report.buckets.length}`}
                  icon={IconCalendarStats}
                  color="blue"
                />
                <StatCard
                  label="Largest category"
                  value={<Named>{top ? top.categoryName : '—'}</Named>}
                  hint={
                    top
                      ? `${formatMoney(top.amount)} · ${Math.round((top.amount / report.total) * 100)}%`
                      : 'Nothing spent'
                  }
                  icon={IconChartPie}
                  color="grape"
                />
                <StatCard
                  label="Top merchant"
                  value={<Named>{merchant ? merchant.name : '—'}</Named>}
                  hint={
                    merchant
                      ? `${formatMoney(merchant.amount)} · ${merchant.transactionCount} transactions in all`
                      : 'None named'
                  }
                  icon={IconBuildingStore}
                  color="orange"
                />
              </SimpleGrid>
              <ChangeSentences changes={report.changes} />
              {state.view === 'chart' ? (
                report.total > 0 ? (
                  <div ref={chart}>
                    <LazyChart height={CHART_HEIGHT + 40} summary={chartSummary(report)}>
                      <SpendingChart
                        rows={rows}
                        series={series}
                        height={CHART_HEIGHT + 40}
                        onOpen={(index, key) => {
                          const bucket = report.buckets[index];
                          // Other is several categories: the table lists each, with its own link.
                          if (!bucket || key === OTHER.key) return;
                          void navigate(categoryHref(Number(key), bucket));
                        }}
                      />
                    </LazyChart>
                  </div>
                ) : (
                  <EmptyState icon={IconArrowUpRight} title="Nothing spent in this period" py="lg" />
                )
              ) : (
                <CategoryTable
                  report={report}
                  href={(c) => categoryHref(c)}
                  label="Category"
                  list={report.categories}
                />
              )}
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <Card withBorder padding="md">
                  <Title order={3} fz="md" mb="sm">
                    Top merchants
                  </Title>
                  {report.merchants.length === 0 ? (
                    <Text fz="sm" c="dimmed">
                      No merchant is named on this period's spending.
                    </Text>
                  ) : (
                    <Stack gap={8} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
                      {report.merchants.map((m) => (
                        <Group key={m.name} component="li" gap="sm" wrap="nowrap" justify="space-between">
                          <Stack gap={0} miw={0}>
                            <Anchor
                              component={Link}
                              to={transactionsHref({
                                merchant: m.name,
                                startDate: report.startDate,
                                endDate: report.endDate,
                                accountId: state.accountId,
                                category: state.category,
                              })}
                              fz="sm"
                              truncate
                            >
                              {m.name}
                            </Anchor>
                            <Text fz="xs" c="dimmed">
                              {m.transactionCount} transaction{m.transactionCount === 1 ? '' : 's'}
                            </Text>
                          </Stack>
                          <Group gap="sm" wrap="nowrap">
                            <Trend values={m.trend} />
                            <Text fz="sm" fw={600} style={tabular} miw={88} ta="right">
                              {formatMoney(m.amount)}
                            </Text>
                          </Group>
                        </Group>
                      ))}
                    </Stack>
                  )}
                </Card>
                <Card withBorder padding="md">
                  <Title order={3} fz="md" mb="sm">
                    Income sources
                  </Title>
                  {report.incomeSources.length === 0 ? (
                    <Text fz="sm" c="dimmed">
                      No income in this period.
                    </Text>
                  ) : (
                    <CategoryTable
                      report={report}
                      href={(c) => categoryHref(c)}
                      label="Source"
                      list={report.incomeSources}
                      income
                    />
                  )}
                </Card>
              </SimpleGrid>
            </Stack>
          </Refreshing>
        ))}
    </ReportCard>
  );
}

function CategoryTable({
  report,
  list,
  href,
  label,
  income = false,
}: {
  report: SpendingReport;
  list: SpendingReport['categories'];
  href: (category: number) => string;
  label: string;
  income?: boolean;
}) {
  const compared = report.comparison !== null;
  const better = (amount: Cents, previous: Cents | null) =>
    previous === null || amount === previous
      ? undefined
      : amount > previous === income
        ? POSITIVE_MONEY
        : DEBT_MONEY;
  return (
    <Table.ScrollContainer minWidth={income ? 0 : 480}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            {compared && <Table.Th ta="right">Change</Table.Th>}
            {!income && <Table.Th ta="right">Transactions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((c) => (
            <Table.Tr key={c.category}>
              <Table.Td>
                <Anchor component={Link} to={href(c.category)} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {c.categoryName}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right" style={tabular}>
                {formatMoney(c.amount)}
              </Table.Td>
              {compared && (
                <Table.Td ta="right" style={tabular} c={better(c.amount, c.previous)}>
                  {change(c.amount, c.previous)}
                </Table.Td>
              )}
              {!income && (
                <Table.Td ta="right" style={tabular}>
                  {c.transactionCount.toLocaleString('en-US')}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The chart in words, for a screen reader: the total and the three largest categories. */
function chartSummary(report: SpendingReport): string {
  const largest = report.categories
    .slice(0, 3)
    .map((c) => `${c.categoryName} ${formatMoney(c.amount)}`)
    .join(', ');
  return `Spending of ${formatMoney(report.total)} over ${report.buckets.length} ${report.interval}s. Largest: ${largest}. The table view lists every category.`;
}
