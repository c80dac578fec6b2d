import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { canContinue, type ImportEvent, type MappingState } from './import-flow';
import { MappingForm } from './MappingForm';
import { PreviewCounts } from './PreviewCounts';
import { PreviewDetails } from './PreviewRows';

/** The mapping step shows a few rows under the form; the preview step shows all the server sent. */
const MAPPING_STEP_ROWS = 5;

/** Match a CSV's columns, with the preview following each change. */
export function MappingStep({
  state,
  compact,
  dispatch,
}: {
  state: MappingState;
  compact: boolean;
  dispatch: Dispatch<ImportEvent>;
}) {
  const { preview, mapping } = state;
  const updating = state.request !== null;
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {state.unclear
          ? 'Tally could not tell for sure which column is which. Check them; the preview follows each change.'
          : 'Say how this file is written; the preview follows each change.'}
      </Text>
      <PreviewCounts preview={preview} updating={updating} error={state.previewError} />
      <MappingForm
        mapping={mapping}
        columns={preview.columns}
        sampleRows={preview.sampleRows}
        onChange={(changed) => dispatch({ type: 'mappingChanged', mapping: changed })}
      />
      <PreviewDetails preview={preview} updating={updating} rows={MAPPING_STEP_ROWS} compact={compact} />
      <Group justify="space-between" gap="xs">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => dispatch({ type: 'wentBack' })}
        >
          Back
        </Button>
        <Button onClick={() => dispatch({ type: 'continued' })} disabled={!canContinue(state)}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
