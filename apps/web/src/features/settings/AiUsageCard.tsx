import { Card, Group, Progress, Skeleton, Text, Title } from '@mantine/core';
import { useAiUsage } from './api/get-ai-usage';

/** SPEC §9: the model's cost is shown to 4 decimals. */
const cost = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});

/**
 * What the plan allows of AI a day (SPEC §3's usage stats): every question asked and every time the
 * insights are worked out counts.
 */
export function AiUsageCard() {
  const usage = useAiUsage();
  return (
    <Card>
      <Title order={2} fz="lg" mb="xs">
        AI usage
      </Title>
      {usage.isPending ? (
        <Skeleton h={48} />
      ) : usage.isError ? (
        <Text c="dimmed" fz="sm">
          Your AI usage could not be loaded.
        </Text>
      ) : (
        <>
          <Group justify="space-between" mb={6}>
            <Text fw={600}>
              {usage.data.requestsToday} of {usage.data.dailyLimit} requests today
            </Text>
            <Text fz="sm" c="dimmed">
              {usage.data.subscriptionTier} plan
            </Text>
          </Group>
          <Progress
            value={Math.min(100, (usage.data.requestsToday * 100) / Math.max(1, usage.data.dailyLimit))}
            color={usage.data.requestsToday >= usage.data.dailyLimit ? 'red' : 'brand'}
            aria-label="AI requests used today"
          />
          <Group justify="space-between" mt="xs">
            <Text fz="sm" c="dimmed">
              Each question to Ask Tally and each time insights are worked out counts; they renew at midnight.
            </Text>
            <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              Model cost today {cost.format(usage.data.costToday)}
            </Text>
          </Group>
        </>
      )}
    </Card>
  );
}
