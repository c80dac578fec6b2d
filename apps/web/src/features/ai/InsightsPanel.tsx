import { Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconBulb, IconRefresh } from '@tabler/icons-react';
import type { Insight, InsightContext } from '@tally/shared';
import { type ReactNode, useId, useRef } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { toast } from '../../components/toast';
import { ApiError, serverMessage } from '../../lib/api';
import { useDismissInsight } from './api/dismiss-insight';
import { useInsights } from './api/get-insights';
import { useRefreshInsights } from './api/refresh-insights';
import { InsightItem } from './components/InsightItem';
import classes from './insights.module.css';

const DISMISS_GUARD_MS = 600;

export const LOAD_FAILED = 'Failed to load insights';
export const EMPTY_TITLE = 'No insights available';
export const EMPTY_TEXT = 'Check back later for personalized financial insights based on your activity.';

function InsightsSkeleton({ count }: { count: number }) {
  return (
    <Stack gap="sm">
      <VisuallyHidden role="status">Loading insights…</VisuallyHidden>
      {Array.from({ length: count }, (_, i) => `skeleton-${i}`).map((key) => (
        <div key={key} className={classes.skeleton} aria-hidden>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Skeleton h={34} w={34} radius="md" />
            <div style={{ flex: 1 }}>
              <Skeleton h={16} w="60%" />
              <Skeleton h={12} w="35%" mt={8} />
            </div>
          </Group>
          <Skeleton h={12} mt="md" />
          <Skeleton h={12} w="80%" mt={6} />
        </div>
      ))}
    </Stack>
  );
}

/**
 * An AI insights panel (SPEC §2, §4): a screen's insights, most important first, in each state: loading,
 * failed (with Retry), none yet, or the list. Each can be dismissed; Refresh works them out again now.
 */
export function InsightsPanel({
  title,
  context,
  maxInsights,
}: {
  title: string;
  context: InsightContext;
  maxInsights: number;
}) {
  const headingId = useId();
  const insights = useInsights(context, maxInsights);
  const dismiss = useDismissInsight();
  const refresh = useRefreshInsights(context, maxInsights);

  // Dismissing is for good, and the next insight moves up under the pointer: the second click of a
  // double click must not dismiss that one too.
  const lastDismissAt = useRef(Number.NEGATIVE_INFINITY);
  const onDismiss = (insight: Insight) => {
    const now = performance.now();
    if (now - lastDismissAt.current < DISMISS_GUARD_MS) return;
    lastDismissAt.current = now;
    dismiss.mutate(insight.id, {
      onSuccess: () =>
        toast.success('Insight dismissed', `"${insight.title}" will not be shown again.`, {
          autoClose: 2000,
        }),
      onError: () => toast.error('Failed to dismiss insight', 'Please try again later', { autoClose: 3000 }),
    });
  };

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () =>
        toast.success('Insights refreshed', 'Worked out again from your latest activity.', {
          autoClose: 2000,
        }),
      onError: (error) =>
        error instanceof ApiError && error.status === 429
          ? toast.error('Daily AI limit reached', serverMessage(error, 'Please try again tomorrow.'), {
              autoClose: 6000,
            })
          : toast.error('Failed to refresh insights', 'Please try again later'),
    });

  const data = insights.data;
  let content: ReactNode;
  if (insights.isPending) {
    content = <InsightsSkeleton count={Math.min(maxInsights, 3)} />;
  } else if (data === undefined) {
    content = (
      <Stack align="center" py="lg" gap="xs" ta="center" role="alert">
        <Text fw={600}>{LOAD_FAILED}</Text>
        {insights.error instanceof ApiError && insights.error.status === 429 && (
          <Text fz="sm" c="dimmed" maw={420}>
            {serverMessage(insights.error, '')}
          </Text>
        )}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={insights.isFetching}
          onClick={() => void insights.refetch()}
        >
          Retry
        </Button>
      </Stack>
    );
  } else if (data.length === 0) {
    content = <EmptyState icon={IconBulb} title={EMPTY_TITLE} description={EMPTY_TEXT} py="lg" />;
  } else {
    content = (
      <Stack gap="sm" component="ul" className={classes.list}>
        {data.map((insight) => (
          <li key={insight.id}>
            <InsightItem insight={insight} onDismiss={onDismiss} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm" gap="xs" wrap="nowrap">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {data !== undefined && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconRefresh size={14} />}
            loading={refresh.isPending}
            onClick={onRefresh}
            aria-label={`Refresh ${title}`}
          >
            Refresh
          </Button>
        )}
      </Group>
      {content}
    </Card>
  );
}
