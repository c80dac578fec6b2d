import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { Account } from '@tally/shared';
import type { Upload } from './import-flow';

/** The import under way: the share of the file sent, then the server storing the rows. */
export function ImportingStep({
  fileName,
  account,
  upload,
}: {
  fileName: string;
  account: Account | null;
  upload: Upload;
}) {
  return (
    <Stack gap="sm" py="lg">
      <Text fw={600}>{upload.phase === 'upload' ? `Uploading ${fileName}…` : 'Saving…'}</Text>
      <Progress
        value={upload.phase === 'upload' ? upload.percent : 100}
        size="lg"
        radius="xl"
        aria-label="Upload progress"
        transitionDuration={150}
      />
      {upload.phase === 'upload' ? (
        <Text fz="sm" c="dimmed">
          {upload.percent}% sent
        </Text>
      ) : (
        <Group gap={8} role="status">
          <Loader size="xs" aria-hidden />
          <Text fz="sm" c="dimmed">
            Saving… Tally is adding the transactions to {account?.name ?? 'the account'}.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
