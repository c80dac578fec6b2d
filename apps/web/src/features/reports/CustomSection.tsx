import {
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import {
  CUSTOM_AMOUNTS,
  CUSTOM_CHARTS,
  CUSTOM_GROUPINGS,
  CUSTOM_MEASURES,
  type CustomChart as CustomChartKind,
  type CustomFigures,
  type CustomGrouping,
  type CustomMeasure,
  type CustomReport,
  formatMoney,
} from '@tally/shared';
import { lazy, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyChart } from '../../components/LazyChart';
import { LIST_MOUNTED_WHEN_OPEN } from '../../lib/combobox';
import { formatCompactMoney, formatDay } from '../../lib/format';
import { DEBT_MONEY } from '../../lib/money-colors';
import { transactionsHref } from '../../lib/transactions-url';
import { useReport } from './api/report';
import { useSavedReports } from './api/saved-reports';
import type { CustomSeries } from './charts/CustomChart';
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
import { customCsv, type ReportState, reportQueryString } from './report-state';
import { SavedReports, SaveReportDialog } from './SavedReports';

const CustomChart = lazy(async () => ({ default: (await import('./charts/CustomChart')).CustomChart }));

const VALUE = 'value';

const labelOf = <T extends string>(list: readonly { value: T; label: string }[], value: T) =>
  list.find((item) => item.value === value)?.label ?? value;

/** A figure as the report says it: money, or a count. */
export const sayFigure = (measure: CustomMeasure) => (value: number) =>
  measure === 'count' ? value.toLocaleString('en-US') : formatMoney(value);

/** The Transactions link behind one group (and a band of it), with the report's own filters; null for a day of the week. */
export function groupHref(report: CustomReport, index: number, state: ReportState, seriesKey?: string) {
  const group = report.groups[index];
  if (!group?.drill) return null;
  const { drill } = group;
  const band = seriesKey ? report.series.find((s) => s.key === seriesKey) : undefined;
  // A band of months (grouped by category) narrows the days to its month; a category band, the category.
  const month = band && band.category === null && report.groupBy === 'category' ? band.key : null;
  const range = month
    ? {
        startDate: month < drill.startDate ? drill.startDate : month,
        endDate: lastDay(month) > drill.endDate ? drill.endDate : lastDay(month),
      }
    : drill;
  return transactionsHref({
    startDate: range.startDate,
    endDate: range.endDate,
    accountId: drill.accountId ?? state.accountId,
    category: band?.category ?? drill.category ?? state.category,
    merchant: drill.merchant,
  });
}

const lastDay = (month: string) => {
  const d = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

/** Whether a stacked band is a lump of several categories, which no one filter opens. */
export const isRest = (report: CustomReport, seriesKey: string) =>
  report.series.some((s) => s.key === seriesKey && s.category === null && report.groupBy !== 'category');

/**
 * The report builder: a measure (total, count, average per day) of spending, income or net, grouped by
 * category, merchant, account, month, week or day of the week, as bars, lines, stacked bars or a table, over
 * the screen's period and filters. Saved under a name, listed here, and shown on the dashboard when asked.
 */
export function CustomSection({ state, update }: SectionProps) {
  const query = reportQueryString(state);
  const custom = useReport('custom', query);
  const report = custom.data;
  const saved = useSavedReports();
  const navigate = useNavigate();
  const chartRef = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  const open = saved.data?.find((r) => r.id === state.saved) ?? null;
  const say = sayFigure(state.measure);
  const compact = state.measure === 'count' ? (n: number) => n.toLocaleString('en-US') : formatCompactMoney;
  const showTable = state.chart === 'table';

  const { rows, series } = useMemo(() => chartData(report), [report]);

  const exports: ReportExports | null = report
    ? {
        filename: `tally-${(open?.name ?? 'custom-report').toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${report.startDate}-to-${report.endDate}`,
        csv: () => customCsv(report),
        chart: chartRef,
        drawn: report.groups.length > 0 && state.chart !== 'table',
        picture: () => ({
          title: `${open?.name ?? titleOf(report)}, ${formatDay(report.startDate)} – ${formatDay(report.endDate)}`,
          legend: series.map((s) => ({ label: s.label, color: cssColor(s.color) })),
        }),
      }
    : null;

  const placeholder = reportPlaceholder({
    incomplete: query === null,
    loading: custom.isPending,
    error: report ? null : custom.error,
    onRetry: () => void custom.refetch(),
    empty: !!report && report.totals.count === 0 && (report.previous?.count ?? 0) === 0,
  });

  const opened = (index: number, seriesKey: string) => {
    if (!report || (seriesKey !== VALUE && isRest(report, seriesKey))) return;
    const href = groupHref(report, index, state, seriesKey === VALUE ? undefined : seriesKey);
    if (href) void navigate(href);
  };

  return (
    <Stack gap="lg">
      <SavedReports state={state} update={update} saved={saved} />
      <ReportCard
        title={open?.name ?? 'Custom report'}
        state={state}
        update={update}
        exports={exports}
        intervals={false}
        views={false}
        actions={
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDeviceFloppy size={14} />}
            onClick={() => setSaving(true)}
          >
            Save report
          </Button>
        }
      >
        <Stack gap="md">
          <Builder state={state} update={update} />
          {placeholder ??
            (report && (
              <Refreshing refreshing={custom.isPlaceholderData}>
                <Stack gap="md">
                  <Text fz="sm">
                    <Text span fw={700} fz="lg" style={tabular}>
                      {say(report.totals[report.measure])}
                    </Text>{' '}
                    {totalWords(report)}
                    {report.previous && (
                      <Text span c="dimmed" fz="sm">
                        {' '}
                        · {say(report.previous[report.measure])} {before(report)}
                      </Text>
                    )}
                  </Text>
                  <ChangeSentences changes={report.changes} />
                  {report.groups.length === 0 ? (
                    <Text c="dimmed" fz="sm">
                      Nothing of this kind in the period. Try another measure or grouping.
                    </Text>
                  ) : showTable ? (
                    <CustomTable report={report} state={state} />
                  ) : (
                    <div ref={chartRef}>
                      <LazyChart height={chartHeight(report)} summary={chartSummary(report)}>
                        <CustomChart
                          kind={state.chart as Exclude<CustomChartKind, 'table'>}
                          rows={rows}
                          series={series}
                          horizontal={isNamed(report.groupBy)}
                          height={chartHeight(report)}
                          format={say}
                          compact={compact}
                          onOpen={opened}
                        />
                      </LazyChart>
                    </div>
                  )}
                  <Text fz="xs" c="dimmed">
                    {report.groupBy === 'weekday'
                      ? 'Transactions has no filter by day of the week, so these groups open nothing; the table lists each. '
                      : 'Click a bar, point or row to see its transactions. '}
                    Transfers between your own accounts are neither income nor spending.
                    {report.more > 0 &&
                      ` ${report.more.toLocaleString('en-US')} smaller merchant${report.more === 1 ? ' is' : 's are'} left out.`}
                  </Text>
                </Stack>
              </Refreshing>
            ))}
        </Stack>
      </ReportCard>
      {saving && (
        <SaveReportDialog state={state} update={update} open={open} onClose={() => setSaving(false)} />
      )}
    </Stack>
  );
}

/** The builder's four choices. */
function Builder({ state, update }: { state: ReportState; update: (change: Partial<ReportState>) => void }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label="Measure"
          data={CUSTOM_MEASURES.map((m) => ({ value: m.value, label: m.label }))}
          value={state.measure}
          onChange={(value) => value && update({ measure: value as CustomMeasure })}
          allowDeselect={false}
          comboboxProps={LIST_MOUNTED_WHEN_OPEN}
        />
        <Select
          label="Of"
          data={CUSTOM_AMOUNTS.map((a) => ({ value: a.value, label: a.label }))}
          value={state.amount}
          onChange={(value) => value && update({ amount: value as ReportState['amount'] })}
          allowDeselect={false}
          disabled={state.measure === 'count'}
          comboboxProps={LIST_MOUNTED_WHEN_OPEN}
        />
        <Select
          label="Group by"
          data={CUSTOM_GROUPINGS.map((g) => ({ value: g.value, label: g.label }))}
          value={state.groupBy}
          onChange={(value) => value && update({ groupBy: value as CustomGrouping })}
          allowDeselect={false}
          comboboxProps={LIST_MOUNTED_WHEN_OPEN}
        />
      </SimpleGrid>
      <Group gap="sm" align="center">
        <Text fz="sm" fw={500} id="custom-chart-label">
          Show as
        </Text>
        <SegmentedControl
          aria-labelledby="custom-chart-label"
          size="xs"
          data={CUSTOM_CHARTS.map((c) => ({ value: c.value, label: c.label }))}
          value={state.chart}
          onChange={(value) => update({ chart: value as CustomChartKind })}
        />
      </Group>
    </Stack>
  );
}

export const isNamed = (groupBy: CustomGrouping) => ['category', 'merchant', 'account'].includes(groupBy);

/** Names lie as horizontal bars, one row each; times as columns. */
export const chartHeight = (report: CustomReport) =>
  isNamed(report.groupBy) ? Math.max(CHART_HEIGHT, report.groups.length * 30 + 60) : CHART_HEIGHT;

/** "Spending (total) by category". */
export function titleOf(report: CustomReport) {
  const measure = labelOf(CUSTOM_MEASURES, report.measure);
  const of = report.measure === 'count' ? '' : ` of ${labelOf(CUSTOM_AMOUNTS, report.amount).toLowerCase()}`;
  return `${measure}${of} by ${labelOf(CUSTOM_GROUPINGS, report.groupBy).toLowerCase()}`;
}

/** What the headline figure is: "spent in all", "transactions", "spent a day on average". */
function totalWords(report: CustomReport) {
  if (report.measure === 'count') return report.totals.count === 1 ? 'transaction' : 'transactions';
  const verb = { spending: 'spent', income: 'earned', net: 'net' }[report.amount];
  return report.measure === 'average' ? `${verb} a day on average` : `${verb} in the period`;
}

/** The chart's rows (a label and a value, or a value per band) and its series. */
export function chartData(report: CustomReport | undefined): {
  rows: Array<Record<string, number | string>>;
  series: CustomSeries[];
} {
  if (!report) return { rows: [], series: [] };
  const pick = (f: CustomFigures) => f[report.measure];
  if (report.chart !== 'stacked' || report.series.length === 0)
    return {
      rows: report.groups.map((g) => ({ label: g.label, [VALUE]: pick(g) })),
      series: [
        { key: VALUE, label: titleOf(report), color: report.amount === 'income' ? 'teal.7' : 'indigo.6' },
      ],
    };
  const series = report.series.map((s, i) => ({
    key: s.key,
    label: s.label,
    color:
      s.category === null && report.groupBy !== 'category'
        ? REST_COLOR
        : (BAND_COLORS[i % BAND_COLORS.length] as string),
  }));
  return {
    rows: report.groups.map((g) => ({
      label: g.label,
      ...Object.fromEntries(report.series.map((s, i) => [s.key, g.parts[i] ? pick(g.parts[i]) : 0])),
    })),
    series,
  };
}

/** What the chart shows, for a screen reader: the measure, the largest groups, and where the rest is. */
export function chartSummary(report: CustomReport): string {
  const say = sayFigure(report.measure);
  const top = [...report.groups]
    .sort((a, b) => Math.abs(b[report.measure]) - Math.abs(a[report.measure]))
    .slice(0, 3)
    .map((g) => `${g.label} ${say(g[report.measure])}`);
  return `${titleOf(report)}: ${report.groups.length} groups. Largest: ${top.join(', ')}. The table view lists every one.`;
}

export function CustomTable({ report, state }: { report: CustomReport; state: ReportState }) {
  const say = sayFigure(report.measure);
  const compared = report.groups.some((g) => g.previous !== null);
  // A phone has room for the figure and the count; the comparison's column shows from a tablet up.
  const figureCell = (value: number | null, before = false) => (
    <Table.Td
      ta="right"
      style={tabular}
      visibleFrom={before ? 'sm' : undefined}
      c={value !== null && value < 0 && report.measure !== 'count' ? DEBT_MONEY : undefined}
    >
      {value === null ? '' : say(value)}
    </Table.Td>
  );
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{labelOf(CUSTOM_GROUPINGS, report.groupBy)}</Table.Th>
            <Table.Th ta="right">
              {report.measure === 'count' ? 'Transactions' : labelOf(CUSTOM_MEASURES, report.measure)}
            </Table.Th>
            {compared && (
              <Table.Th ta="right" visibleFrom="sm">
                Before
              </Table.Th>
            )}
            {report.measure !== 'count' && <Table.Th ta="right">Transactions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.groups.map((g, index) => {
            const href = groupHref(report, index, state);
            return (
              <Table.Tr key={g.key}>
                <Table.Td>
                  {href ? (
                    <Anchor component={Link} to={href} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {g.label}
                    </Anchor>
                  ) : (
                    g.label
                  )}
                </Table.Td>
                {figureCell(g[report.measure])}
                {compared && figureCell(g.previous?.[report.measure] ?? null, true)}
                {report.measure !== 'count' && (
                  <Table.Td ta="right" style={tabular}>
                    {g.count.toLocaleString('en-US')}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>Total</Table.Td>
            {figureCell(report.totals[report.measure])}
            {compared && figureCell(report.previous?.[report.measure] ?? null, true)}
            {report.measure !== 'count' && (
              <Table.Td ta="right" style={tabular}>
                {report.totals.count.toLocaleString('en-US')}
              </Table.Td>
            )}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
