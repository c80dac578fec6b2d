import { Button, Text } from '@mantine/core';
import { planAllows, planState, REPORT_PERIODS, type SavedReport } from '@tally/shared';
import { lazy, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/auth';
import { LazyChart } from '../../components/LazyChart';
import { Panel } from '../../components/Panel';
import { formatCompactMoney } from '../../lib/format';
import { useReport } from './api/report';
import { useSavedReports } from './api/saved-reports';
import {
  CustomTable,
  chartData,
  chartHeight,
  chartSummary,
  groupHref,
  isNamed,
  isRest,
  sayFigure,
  titleOf,
} from './CustomSection';
import { reportPlaceholder } from './report-parts';
import { reportQueryString, reportToParams, stateOfSaved } from './report-state';

const CustomChart = lazy(async () => ({ default: (await import('./charts/CustomChart')).CustomChart }));

/** Groups a dashboard card shows at most (the report itself lists every one). */
const CARD_GROUPS = 8;

/** The saved reports the person put on the dashboard, a card each, in the order they were saved. */
export function PinnedReports() {
  const user = useCurrentUser();
  const allowed = planAllows(planState(user, new Date()).plan, 'reports');
  const saved = useSavedReports({ enabled: allowed });
  const pinned = (saved.data ?? []).filter((r) => r.onDashboard);
  if (!allowed) return null;
  return pinned.map((report) => <PinnedReport key={report.id} saved={report} />);
}

function PinnedReport({ saved }: { saved: SavedReport }) {
  const state = useMemo(() => stateOfSaved(saved), [saved]);
  const custom = useReport('custom', reportQueryString(state));
  const navigate = useNavigate();
  const report = useMemo(
    () =>
      custom.data && {
        ...custom.data,
        // The largest names; every month, week or day of the week.
        groups: isNamed(custom.data.groupBy) ? custom.data.groups.slice(0, CARD_GROUPS) : custom.data.groups,
      },
    [custom.data],
  );
  const { rows, series } = useMemo(() => chartData(report), [report]);
  const period = REPORT_PERIODS.find((p) => p.value === saved.definition.period)?.label ?? '';
  const placeholder = reportPlaceholder({
    incomplete: false,
    loading: custom.isPending,
    error: report ? null : custom.error,
    onRetry: () => void custom.refetch(),
    empty: !!report && report.groups.length === 0,
  });
  const say = sayFigure(state.measure);
  return (
    <Panel
      title={saved.name}
      subtitle={report ? `${titleOf(report)} · ${period}` : period}
      action={
        <Button
          component={Link}
          to={`/reports?${reportToParams(state).toString()}`}
          variant="subtle"
          size="compact-sm"
        >
          Open report
        </Button>
      }
    >
      {placeholder ??
        (report &&
          (state.chart === 'table' ? (
            <CustomTable report={report} state={state} />
          ) : (
            <LazyChart height={chartHeight(report)} summary={chartSummary(report)}>
              <CustomChart
                kind={state.chart}
                rows={rows}
                series={series}
                horizontal={isNamed(report.groupBy)}
                height={chartHeight(report)}
                format={say}
                compact={state.measure === 'count' ? say : formatCompactMoney}
                onOpen={(index, key) => {
                  if (key !== 'value' && isRest(report, key)) return;
                  const href = groupHref(report, index, state, key === 'value' ? undefined : key);
                  if (href) void navigate(href);
                }}
              />
            </LazyChart>
          )))}
      {report && custom.data && custom.data.groups.length + custom.data.more > report.groups.length && (
        <Text fz="xs" c="dimmed" mt="xs">
          The {CARD_GROUPS} largest of{' '}
          {(custom.data.groups.length + custom.data.more).toLocaleString('en-US')}; open the report for the
          rest.
        </Text>
      )}
    </Panel>
  );
}
