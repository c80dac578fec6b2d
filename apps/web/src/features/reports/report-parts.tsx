import {
  Box,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBulb, IconChartBar, IconDownload } from '@tabler/icons-react';
import { comparisonLabel, FEATURE_PLAN, REPORT_INTERVALS, type ReportInterval } from '@tally/shared';
import type { ReactNode, RefObject } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { isPlanRefusal, UpgradePanel } from '../billing';
import type { PictureLabels } from './chart-png';
import type { ReportState } from './report-state';

/** What each report's section is given: the screen's choices and the way to change them. */
export type SectionProps = { state: ReportState; update: (change: Partial<ReportState>) => void };

export const CHART_HEIGHT = 300;
/** A stacked chart's band colours, which keep 3:1 against both the light and the dark card; the rest's is the quiet one. */
export const BAND_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.7', 'pink.6'] as const;
export const REST_COLOR = 'gray.6';
export const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** How a figure names the comparison the report was made with, briefly ('' without one). */
export function before(report: { comparison: { label: string } | null }): string {
  if (!report.comparison) return '';
  return report.comparison.label === comparisonLabel('year_ago') ? 'a year earlier' : 'the period before';
}

/**
 * A report's figures, dimmed and out of reach while the next ones load (the last answer stays on screen
 * meanwhile, and its links would not match the new choices).
 */
export function Refreshing({ refreshing, children }: { refreshing: boolean; children: ReactNode }) {
  return (
    <Box
      aria-busy={refreshing || undefined}
      inert={refreshing || undefined}
      style={{ opacity: refreshing ? 0.55 : 1, transition: 'opacity 150ms' }}
    >
      {children}
    </Box>
  );
}

/** A theme colour ('teal.7') as the page resolves it, for a picture drawn outside the page's styles. */
export const cssColor = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(`--mantine-color-${name.replace('.', '-')}`);

/** What a report's Export menu saves: its table as CSV and, while the chart shows, the chart as a PNG. */
export type ReportExports = {
  filename: string;
  csv: () => string;
  chart: RefObject<HTMLDivElement | null>;
  picture: () => PictureLabels;
  /** Whether the chart view has a chart to draw (a period with nothing spent has none). */
  drawn: boolean;
};

async function save(kind: 'csv' | 'png', exports: ReportExports) {
  try {
    const { downloadFile } = await import('../../lib/download');
    if (kind === 'csv') {
      const blob = new Blob([exports.csv()], { type: 'text/csv;charset=utf-8' });
      downloadFile({ blob, filename: `${exports.filename}.csv` });
      return;
    }
    const figure = exports.chart.current;
    if (!figure) {
      toast.error('Nothing to save', 'Show the chart first, then save it as a picture.');
      return;
    }
    const { chartPng } = await import('./chart-png');
    downloadFile({ blob: await chartPng(figure, exports.picture()), filename: `${exports.filename}.png` });
  } catch {
    toast.error('Export Failed', 'The file could not be made. Please try again.');
  }
}

/** A report's card: its title, the month/week (where it has them) and chart/table switches, the Export menu, then its body. */
export function ReportCard({
  title,
  state,
  update,
  exports,
  intervals = true,
  views = true,
  actions,
  children,
}: {
  title: string;
  /** Whether its figures come per month or week (a flow is the whole period's). */
  intervals?: boolean;
  /** Whether it offers the chart/table switch (a custom report's chart choice has the table). */
  views?: boolean;
  /** More buttons beside Export. */
  actions?: ReactNode;
  state: ReportState;
  update: (change: Partial<ReportState>) => void;
  /** Null until there is something to export. */
  exports: ReportExports | null;
  children: ReactNode;
}) {
  return (
    <Card padding="lg">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Group gap="xs" wrap="wrap">
          {intervals && (
            <SegmentedControl
              aria-label="Figures per"
              size="xs"
              data={REPORT_INTERVALS.map((i) => ({ value: i.value, label: i.label }))}
              value={state.interval}
              onChange={(value) => update({ interval: value as ReportInterval })}
            />
          )}
          {views && (
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
          )}
          {actions}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
                disabled={!exports}
              >
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => exports && void save('csv', exports)}>Table as CSV</Menu.Item>
              <Menu.Item
                onClick={() => exports && void save('png', exports)}
                disabled={(views && state.view !== 'chart') || !exports?.drawn}
              >
                Chart as PNG
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {children}
    </Card>
  );
}

/** What a report's body shows before its figures: days to choose, loading, an error, or nothing there. */
export function reportPlaceholder({
  incomplete,
  loading,
  error,
  onRetry,
  empty,
}: {
  incomplete: boolean;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: boolean;
}): ReactNode | null {
  if (incomplete)
    return (
      <EmptyState
        icon={IconChartBar}
        title="Choose the days"
        description="Pick the first and the last day of the period to see its report."
      />
    );
  if (loading)
    return (
      <Stack gap="md" aria-busy>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={104} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton h={CHART_HEIGHT} radius="md" />
      </Stack>
    );
  // The plan changed since the screen opened (a trial ended): the server refuses, and says why.
  if (isPlanRefusal(error))
    return (
      <UpgradePanel
        plan={FEATURE_PLAN.reports}
        title="Reports are a Pro feature"
        description="Your plan no longer includes reports. Upgrade to see them again."
      />
    );
  if (error)
    return (
      <ErrorState
        message="Error loading your report"
        detail={serverMessage(error, 'Please try again.')}
        onRetry={onRetry}
      />
    );
  if (empty)
    return (
      <EmptyState
        icon={IconChartBar}
        title="No transactions in this period"
        description="Choose a longer period or another account or category, or link a bank to bring your history in."
      />
    );
  return null;
}

/** Why the figures changed against the comparison, a sentence each. */
export function ChangeSentences({ changes }: { changes: string[] }) {
  if (changes.length === 0) return null;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="yellow" radius="xl" size={28} aria-hidden>
        <IconBulb size={16} />
      </ThemeIcon>
      <Stack gap={2}>
        {changes.map((sentence) => (
          <Text key={sentence} fz="sm">
            {sentence}
          </Text>
        ))}
      </Stack>
    </Group>
  );
}
