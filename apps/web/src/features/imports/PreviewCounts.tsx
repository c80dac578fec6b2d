import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { ImportPreview } from '@tally/shared';
import { plural } from './import-summary';
import { CountBadges } from './PreviewRows';

/** The counts of a preview, with the state of one on its way (or why it failed). */
export function PreviewCounts({
  preview,
  updating,
  error,
}: {
  preview: ImportPreview;
  updating: boolean;
  error: string | null;
}) {
  const nothingNew = preview.counts.new === 0 && preview.counts.total > 0 && preview.counts.invalid === 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" style={{ opacity: updating ? 0.6 : 1 }}>
        <CountBadges counts={preview.counts} />
        {/* Always in the layout, shown while updating: at phone width it has a line of its own, and a line
            that came and went would move the form under a finger (or a click) on its way to a field. */}
        <Group
          gap={6}
          role="status"
          aria-hidden={!updating}
          style={{ visibility: updating ? 'visible' : 'hidden' }}
        >
          <Loader size="xs" aria-hidden />
          <Text fz="xs" c="dimmed">
            Updating preview…
          </Text>
        </Group>
      </Group>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      {nothingNew && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title="No new transactions">
          Every row is already in Tally: {plural(preview.counts.duplicate, 'duplicate')}
          {preview.counts.matched > 0
            ? ` and ${plural(preview.counts.matched, 'row')} matching your transactions`
            : ''}
          .
        </Alert>
      )}
    </Stack>
  );
}
