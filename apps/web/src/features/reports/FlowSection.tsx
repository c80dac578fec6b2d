import { Anchor, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconPercentage, IconPigMoney } from '@tabler/icons-react';
import { type CategoryCode, type FlowNode, formatMoney, type MoneyFlowReport } from '@tally/shared';
import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyChart } from '../../components/LazyChart';
import { StatCard } from '../../components/StatCard';
import { formatDay } from '../../lib/format';
import { DEBT_MONEY, POSITIVE_MONEY } from '../../lib/money-colors';
import { useReport } from './api/report';
// The chart comes with this report's own chunk: the flow is what the report is.
import { FlowChart, type FlowPoint } from './charts/FlowChart';
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
import { drillDownHref, flowCsv, formatRate, reportQueryString } from './report-state';

const FLOW_HEIGHT = CHART_HEIGHT + 100;
/** Spending categories' colours, keeping 3:1 against both the light and the dark card. */
const SPENDING_COLORS = [
  'indigo.6',
  'grape.6',
  'orange.6',
  'cyan.7',
  'pink.6',
  'violet.6',
  'red.6',
  'yellow.7',
];

/** Each place in the flow with its colour: income teal, the whole blue, savings green, categories apart. */
function colored(nodes: FlowNode[]): FlowPoint[] {
  let spent = 0;
  return nodes.map((node) => {
    const color =
      node.kind === 'income'
        ? 'teal.6'
        : node.kind === 'total'
          ? 'blue.6'
          : node.kind === 'saved'
            ? 'green.7'
            : node.kind === 'shortfall'
              ? 'orange.7'
              : node.category === null
                ? 'gray.6'
                : (SPENDING_COLORS[spent++ % SPENDING_COLORS.length] as string);
    return { ...node, color };
  });
}

/**
 * The money flow: the period's income sources flowing into its spending categories and into savings (or,
 * when spending outran income, what came from savings), against the comparison and why it changed; a click
 * on a category opens its transactions.
 */
export function FlowSection({ state, update }: SectionProps) {
  // A flow is the whole period's: per month or week does not apply, so the query never depends on it.
  const query = reportQueryString({ ...state, interval: 'month' });
  const flow = useReport('flow', query);
  const report = flow.data;
  const navigate = useNavigate();
  const chart = useRef<HTMLDivElement>(null);
  const nodes = useMemo(() => (report ? colored(report.nodes) : []), [report]);
  const categoryHref = (report: MoneyFlowReport, category: number) =>
    drillDownHref(report, { ...state, category: category as CategoryCode });

  const exports: ReportExports | null = report
    ? {
        filename: `tally-money-flow-${report.startDate}-to-${report.endDate}`,
        csv: () => flowCsv(report),
        chart,
        drawn: report.nodes.length > 0,
        picture: () => ({
          title: `Money flow, ${formatDay(report.startDate)} – ${formatDay(report.endDate)}`,
          legend: [
            { label: 'Income', color: cssColor('teal.6') },
            { label: 'Spending', color: cssColor('indigo.6') },
            { label: 'Saved', color: cssColor('green.7') },
          ],
        }),
      }
    : null;

  const placeholder = reportPlaceholder({
    incomplete: query === null,
    loading: flow.isPending,
    error: report ? null : flow.error,
    onRetry: () => void flow.refetch(),
    empty: !!report && report.totals.transactionCount === 0,
  });

  return (
    <ReportCard title="Money flow" state={state} update={update} exports={exports} intervals={false}>
      {placeholder ??
        (report && (
          <Refreshing refreshing={flow.isPlaceholderData}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
                <StatCard
                  label="Income"
                  value={formatMoney(report.totals.income)}
                  hint={
                    report.previous ? `${formatMoney(report.previous.income)} ${before(report)}` : 'Money in'
                  }
                  icon={IconArrowDownRight}
                  color="teal"
                />
                <StatCard
                  label="Spending"
                  value={formatMoney(report.totals.expenses)}
                  hint={
                    report.previous
                      ? `${formatMoney(report.previous.expenses)} ${before(report)}`
                      : 'Money out'
                  }
                  icon={IconArrowUpRight}
                  color="red"
                />
                <StatCard
                  label={report.totals.net < 0 ? 'From savings' : 'Saved'}
                  value={formatMoney(Math.abs(report.totals.net))}
                  valueColor={report.totals.net < 0 ? DEBT_MONEY : POSITIVE_MONEY}
                  hint={report.totals.net < 0 ? 'Spending beyond income' : 'Income not spent'}
                  icon={IconPigMoney}
                  color="green"
                />
                <StatCard
                  label="Savings rate"
                  value={formatRate(report.totals.savingsRate)}
                  hint={
                    report.previous
                      ? `${formatRate(report.previous.savingsRate)} ${before(report)}`
                      : 'Saved as a share of income'
                  }
                  icon={IconPercentage}
                  color="grape"
                />
              </SimpleGrid>
              <ChangeSentences changes={report.changes} />
              {report.nodes.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  No income or spending in this period: only transfers between your own accounts.
                </Text>
              ) : state.view === 'chart' ? (
                <div ref={chart}>
                  <LazyChart height={FLOW_HEIGHT} summary={chartSummary(report)}>
                    <FlowChart
                      nodes={nodes}
                      links={report.links}
                      height={FLOW_HEIGHT}
                      onOpen={(node) =>
                        node.category !== null && void navigate(categoryHref(report, node.category))
                      }
                    />
                  </LazyChart>
                </div>
              ) : (
                <FlowTable report={report} href={(category) => categoryHref(report, category)} />
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

/** The flow in words, for a screen reader: what came in, where most of it went, and what was left. */
function chartSummary(report: MoneyFlowReport): string {
  const spending = report.nodes
    .filter((n) => n.kind === 'spending')
    .slice(0, 3)
    .map((n) => `${n.name} ${formatMoney(n.amount)}`)
    .join(', ');
  const rest =
    report.totals.net >= 0
      ? `${formatMoney(report.totals.net)} was saved.`
      : `${formatMoney(-report.totals.net)} came from savings.`;
  return `Income of ${formatMoney(report.totals.income)} and spending of ${formatMoney(report.totals.expenses)}. Most went to ${spending || 'nothing'}. ${rest} The table view lists every flow.`;
}

function FlowTable({ report, href }: { report: MoneyFlowReport; href: (category: number) => string }) {
  const whole = report.nodes.find((n) => n.kind === 'total')?.amount ?? 0;
  const section = (title: string, kinds: FlowNode['kind'][]) => {
    const list = report.nodes.filter((n) => kinds.includes(n.kind));
    if (list.length === 0) return null;
    return (
      <>
        <Table.Tr>
          <Table.Th colSpan={4} bg="var(--mantine-color-default-hover)">
            {title}
          </Table.Th>
        </Table.Tr>
        {list.map((node) => (
          <Table.Tr key={`${node.kind}-${node.name}`}>
            <Table.Td>
              {node.category === null ? (
                <Text fz="sm">{node.name}</Text>
              ) : (
                <Anchor component={Link} to={href(node.category)} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {node.name}
                </Anchor>
              )}
            </Table.Td>
            <Table.Td ta="right" style={tabular}>
              {formatMoney(node.amount)}
            </Table.Td>
            <Table.Td ta="right" style={tabular}>
              {whole > 0 ? `${Math.round((node.amount / whole) * 100)}%` : '—'}
            </Table.Td>
            <Table.Td ta="right" style={tabular}>
              {node.transactionCount === null ? '' : node.transactionCount.toLocaleString('en-US')}
            </Table.Td>
          </Table.Tr>
        ))}
      </>
    );
  };
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>From and to</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Share</Table.Th>
            <Table.Th ta="right">Transactions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {section('Money in', ['income', 'shortfall'])}
          {section('Money out', ['spending', 'saved'])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
