import { Anchor, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconBuildingBank, IconCreditCard, IconScale, IconTrendingUp } from '@tabler/icons-react';
import { formatMoney, type NetWorthReport } from '@tally/shared';
import { lazy, type ReactNode, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LazyChart } from '../../components/LazyChart';
import { StatCard } from '../../components/StatCard';
import { formatDay, formatSignedMoney } from '../../lib/format';
import { DEBT_MONEY, POSITIVE_MONEY } from '../../lib/money-colors';
import { useReport } from './api/report';
import { NET_WORTH_COLOR } from './charts/NetWorthChart';
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
import { bucketLabel, drillDownHref, netWorthCsv, reportQueryString } from './report-state';

const NetWorthChart = lazy(async () => ({ default: (await import('./charts/NetWorthChart')).NetWorthChart }));

type Point = NetWorthReport['points'][number];

const changeColor = (cents: number) => (cents < 0 ? DEBT_MONEY : cents > 0 ? POSITIVE_MONEY : undefined);

/**
 * Net worth: what the accounts held less what they owed at the end of each day of the period (each month's
 * end past two years), its change and why, and each kind of account and account; a click on a day opens the
 * transactions that moved it. Categories do not apply: a balance is every transaction's.
 */
export function NetWorthSection({ state, update }: SectionProps) {
  // Balances are per day, of every category: neither the interval nor a category changes them.
  const query = reportQueryString({ ...state, interval: 'month', category: null });
  const netWorth = useReport('net-worth', query);
  const report = netWorth.data;
  const navigate = useNavigate();
  const chart = useRef<HTMLDivElement>(null);
  const scope = { ...state, category: null };

  const exports: ReportExports | null = report
    ? {
        filename: `tally-net-worth-${report.startDate}-to-${report.endDate}`,
        csv: () => netWorthCsv(report),
        chart,
        drawn: report.accounts.length > 0,
        picture: () => ({
          title: `Net worth, ${formatDay(report.startDate)} – ${formatDay(report.endDate)}`,
          legend: [{ label: 'Net worth', color: cssColor(NET_WORTH_COLOR) }],
        }),
      }
    : null;

  const placeholder = reportPlaceholder({
    incomplete: query === null,
    loading: netWorth.isPending,
    error: report ? null : netWorth.error,
    onRetry: () => void netWorth.refetch(),
    empty: false,
  });

  return (
    <ReportCard title="Net worth" state={state} update={update} exports={exports} intervals={false}>
      {placeholder ??
        (report &&
          (report.accounts.length === 0 ? (
            <EmptyState
              icon={IconScale}
              title="No accounts to add up"
              description="Link a bank or add an account by hand, and your net worth shows here day by day."
            />
          ) : (
            <Refreshing refreshing={netWorth.isPlaceholderData}>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
                  <StatCard
                    label="Net worth"
                    value={formatMoney(report.closing.netWorth)}
                    hint={`${formatMoney(report.opening.netWorth)} at the start`}
                    icon={IconScale}
                    color="blue"
                  />
                  <StatCard
                    label="Change"
                    value={formatSignedMoney(report.change)}
                    valueColor={changeColor(report.change)}
                    hint={
                      report.previousChange === null
                        ? 'Over the period'
                        : `${formatSignedMoney(report.previousChange)} ${before(report)}`
                    }
                    icon={IconTrendingUp}
                    color="grape"
                  />
                  <StatCard
                    label="Assets"
                    value={formatMoney(report.closing.assets)}
                    hint={`${formatSignedMoney(report.closing.assets - report.opening.assets)} over the period`}
                    icon={IconBuildingBank}
                    color="teal"
                  />
                  <StatCard
                    label="Liabilities"
                    value={formatMoney(report.closing.liabilities)}
                    hint={`${formatSignedMoney(report.closing.liabilities - report.opening.liabilities)} over the period`}
                    icon={IconCreditCard}
                    color="red"
                  />
                </SimpleGrid>
                <ChangeSentences changes={report.changes} />
                {state.view === 'chart' ? (
                  <div ref={chart}>
                    <LazyChart height={CHART_HEIGHT} summary={chartSummary(report)}>
                      <NetWorthChart
                        points={report.points}
                        step={report.step}
                        height={CHART_HEIGHT}
                        onOpen={(index) => {
                          const point = report.points[index];
                          if (point) void navigate(drillDownHref(point, scope));
                        }}
                      />
                    </LazyChart>
                  </div>
                ) : (
                  <PointsTable report={report} href={(point) => drillDownHref(point, scope)} />
                )}
                <AccountsTable
                  report={report}
                  href={(accountId) => drillDownHref(report, { ...scope, accountId })}
                />
                <Text fz="xs" c="dimmed">
                  Each day's balances run back from what your bank last reported, by the transactions since; a
                  day your bank reported is its own. Accounts you keep by hand start from their opening
                  balance.
                </Text>
              </Stack>
            </Refreshing>
          )))}
    </ReportCard>
  );
}

/** Net worth in words, for a screen reader: where it started, where it ended, and the change. */
function chartSummary(report: NetWorthReport): string {
  const direction = report.change > 0 ? 'rose' : report.change < 0 ? 'fell' : 'did not change';
  return `Net worth ${direction} from ${formatMoney(report.opening.netWorth)} to ${formatMoney(report.closing.netWorth)} between ${formatDay(report.startDate)} and ${formatDay(report.endDate)}. The table view lists it month by month.`;
}

/** The points the table lists: each month's end (the period's last day for the last), so a year is 12 rows. */
function monthEnds(report: NetWorthReport): Point[] {
  if (report.step === 'month') return report.points;
  const rows: Point[] = [];
  for (const point of report.points) {
    const last = rows.at(-1);
    if (last && last.endDate.slice(0, 7) === point.endDate.slice(0, 7))
      rows[rows.length - 1] = {
        ...point,
        startDate: last.startDate,
        transactionCount: last.transactionCount + point.transactionCount,
      };
    else rows.push(point);
  }
  return rows;
}

function PointsTable({ report, href }: { report: NetWorthReport; href: (point: Point) => string }) {
  const rows = monthEnds(report);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Net worth month by month">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th ta="right">Assets</Table.Th>
            <Table.Th ta="right">Liabilities</Table.Th>
            <Table.Th ta="right">Net worth</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
            <Table.Th ta="right">Transactions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => {
            const change = row.netWorth - (i === 0 ? report.opening.netWorth : (rows[i - 1]?.netWorth ?? 0));
            return (
              <Table.Tr key={row.endDate}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {bucketLabel({ start: row.startDate }, 'month')}
                </Table.Td>
                <Table.Td ta="right" style={tabular}>
                  {formatMoney(row.assets)}
                </Table.Td>
                <Table.Td ta="right" style={tabular}>
                  {formatMoney(row.liabilities)}
                </Table.Td>
                <Table.Td ta="right" style={tabular} fw={600}>
                  {formatMoney(row.netWorth)}
                </Table.Td>
                <Table.Td ta="right" style={{ ...tabular, color: changeColor(change) }}>
                  {formatSignedMoney(change)}
                </Table.Td>
                <Table.Td ta="right" style={tabular}>
                  <Anchor
                    component={Link}
                    to={href(row)}
                    fz="sm"
                    aria-label={`${row.transactionCount} transactions in ${bucketLabel({ start: row.startDate }, 'month')}`}
                  >
                    {row.transactionCount.toLocaleString('en-US')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Each kind of account with its accounts: balance at the start and the end, the change, and the transactions. */
function AccountsTable({ report, href }: { report: NetWorthReport; href: (accountId: string) => string }) {
  const cell = (cents: number, color?: string) => (
    <Table.Td ta="right" style={{ ...tabular, color }}>
      {formatMoney(cents)}
    </Table.Td>
  );
  const byKind = useMemo(
    () =>
      report.kinds.map((kind) => {
        const accounts = report.accounts.filter((a) => a.kind === kind.kind);
        const sum = (pick: (a: (typeof accounts)[number]) => number) =>
          accounts.reduce((n, a) => n + pick(a), 0);
        return { ...kind, accounts, opening: sum((a) => a.opening), closing: sum((a) => a.closing) };
      }),
    [report],
  );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        highlightOnHover
        verticalSpacing="xs"
        aria-label="Accounts at the start and the end of the period"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            <Table.Th ta="right">Start</Table.Th>
            <Table.Th ta="right">End</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
            <Table.Th ta="right">Transactions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {byKind.map((kind) => (
            <KindRows key={kind.kind} kind={kind} cell={cell} href={href} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function KindRows({
  kind,
  cell,
  href,
}: {
  kind: { name: string; opening: number; closing: number; accounts: NetWorthReport['accounts'] };
  cell: (cents: number, color?: string) => ReactNode;
  href: (accountId: string) => string;
}) {
  const change = kind.closing - kind.opening;
  return (
    <>
      <Table.Tr bg="var(--mantine-color-default-hover)">
        <Table.Th>{kind.name}</Table.Th>
        {cell(kind.opening)}
        {cell(kind.closing)}
        <Table.Td ta="right" style={{ ...tabular, color: changeColor(change) }} fw={600}>
          {formatSignedMoney(change)}
        </Table.Td>
        <Table.Td />
      </Table.Tr>
      {kind.accounts.map((account) => (
        <Table.Tr key={account.id}>
          <Table.Td pl="lg">{account.name}</Table.Td>
          {cell(account.opening)}
          {cell(account.closing)}
          <Table.Td ta="right" style={{ ...tabular, color: changeColor(account.change) }}>
            {formatSignedMoney(account.change)}
          </Table.Td>
          <Table.Td ta="right" style={tabular}>
            <Anchor
              component={Link}
              to={href(account.id)}
              fz="sm"
              aria-label={`${account.transactionCount} transactions of ${account.name}`}
            >
              {account.transactionCount.toLocaleString('en-US')}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
