import { Alert, Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArrowLeft,
  IconHistory,
  IconTableOptions,
} from '@tabler/icons-react';
import type { Account } from '@tally/shared';
import { type Dispatch, useId } from 'react';
import { DayOrderChoice } from './DayOrderChoice';
import { type ImportEvent, importBlocked, type PreviewState } from './import-flow';
import { plural } from './import-summary';
import { PreviewCounts } from './PreviewCounts';
import { PreviewDetails } from './PreviewRows';

const FORMAT_LABEL = { csv: 'CSV', ofx: 'OFX', qfx: 'QFX', qif: 'QIF' } as const;

/** Check what each row becomes, then import (or see why not yet, or why the last try stored nothing). */
export function PreviewStep({
  state,
  account,
  compact,
  dispatch,
}: {
  state: PreviewState;
  account: Account | null;
  compact: boolean;
  dispatch: Dispatch<ImportEvent>;
}) {
  const { preview, file, importError } = state;
  const updating = state.request !== null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={8} wrap="wrap" miw={0}>
          <Badge variant="outline" color="gray" radius="sm">
            {FORMAT_LABEL[preview.format]}
          </Badge>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {file.name}
            </Text>{' '}
            into{' '}
            <Text span fw={600}>
              {account?.name ?? 'the account'}
            </Text>
          </Text>
        </Group>
        {preview.format === 'csv' && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconTableOptions size={14} />}
            onClick={() => dispatch({ type: 'mappingReopened' })}
          >
            Change mapping
          </Button>
        )}
      </Group>
      {preview.mappingRemembered && (
        <Group gap={6} wrap="nowrap">
          <IconHistory size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm" c="dimmed">
            Mapping remembered from your last import
          </Text>
        </Group>
      )}
      <DayOrderChoice
        preview={preview}
        onChange={(dayOrder) => dispatch({ type: 'dayOrderChosen', dayOrder })}
      />
      <PreviewCounts preview={preview} updating={updating} error={state.previewError} />
      <PreviewDetails preview={preview} updating={updating} compact={compact} />
      {preview.counts.invalid > 0 && (
        <Checkbox
          label="Skip invalid rows"
          description={`Import the other rows and leave out the ${plural(preview.counts.invalid, 'row')} that cannot be read`}
          checked={state.skipInvalid}
          onChange={(event) =>
            dispatch({ type: 'skipInvalidChanged', skipInvalid: event.currentTarget.checked })
          }
        />
      )}
      {importError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title="Nothing was imported"
        >
          {importError.message}
          {importError.rows.length > 1 && ` (and ${plural(importError.rows.length - 1, 'more row')})`}
        </Alert>
      )}
      <ImportActions
        state={state}
        previewing={updating || state.previewError !== null}
        onBack={() => dispatch({ type: 'wentBack' })}
        onImport={() => dispatch({ type: 'importAsked' })}
      />
    </Stack>
  );
}

/** Import, or why not yet: rows that cannot be read and are not skipped, or nothing new to add. */
function ImportActions({
  state,
  previewing,
  onBack,
  onImport,
}: {
  state: PreviewState;
  previewing: boolean;
  onBack: () => void;
  onImport: () => void;
}) {
  const blockedId = useId();
  const blocked = importBlocked(state);
  return (
    <Stack gap={6}>
      {blocked && (
        <Group gap={6} wrap="nowrap" id={blockedId}>
          <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm" c="dimmed">
            {blocked}
          </Text>
        </Group>
      )}
      <Group justify="space-between" gap="xs">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
        <Button
          onClick={onImport}
          disabled={blocked !== null || previewing}
          aria-describedby={blocked ? blockedId : undefined}
        >
          Import {plural(state.preview.counts.new, 'transaction')}
        </Button>
      </Group>
    </Stack>
  );
}
