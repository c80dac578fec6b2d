import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { Account, ImportResult } from '@tally/shared';
import { formatDay } from '../../lib/format';
import { plural, resultSummary } from './import-summary';

/** What the import added and left out, and the days it covered. */
export function ResultStep({
  result,
  account,
  onAnother,
  onDone,
}: {
  result: ImportResult;
  account: Account | null;
  onAnother: () => void;
  onDone: () => void;
}) {
  return (
    <Stack gap="md" align="center" ta="center" py="md">
      <ThemeIcon
        variant="light"
        color={result.imported > 0 ? 'brand' : 'gray'}
        size={56}
        radius="xl"
        aria-hidden
      >
        {result.imported > 0 ? <IconCircleCheck size={30} /> : <IconInfoCircle size={30} />}
      </ThemeIcon>
      <Title order={3} fz="lg">
        {result.imported > 0 ? `${plural(result.imported, 'transaction')} added` : 'No new transactions'}
      </Title>
      <Text role="status">{resultSummary(result)}.</Text>
      {result.fromDate && result.toDate && (
        <Text fz="sm" c="dimmed">
          {result.fromDate === result.toDate
            ? `On ${formatDay(result.fromDate)}`
            : `From ${formatDay(result.fromDate)} to ${formatDay(result.toDate)}`}
          {account ? `, in ${account.name}` : ''}
        </Text>
      )}
      <Group justify="center" gap="xs" mt="xs">
        <Button variant="default" onClick={onAnother}>
          Import another file
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
