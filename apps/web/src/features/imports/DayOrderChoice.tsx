import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCalendar, IconHistory } from '@tabler/icons-react';
import type { ImportPreview, QifDayOrder } from '@tally/shared';
import { useId, useState } from 'react';

const DAY_ORDERS: ReadonlyArray<{ value: QifDayOrder; label: string }> = [
  { value: 'MDY', label: 'Month first (MM/DD)' },
  { value: 'DMY', label: 'Day first (DD/MM)' },
];

const label = (order: QifDayOrder) => (order === 'MDY' ? 'month first (MM/DD)' : 'day first (DD/MM)');

/**
 * How a QIF's dates are read. When the file's days cannot show whether the month or the day comes first and
 * the account remembers no order, the person chooses (each change previews again); otherwise the order used is
 * said in small text, and one remembered from the account's last file can still be changed.
 */
export function DayOrderChoice({
  preview,
  onChange,
}: {
  preview: ImportPreview;
  onChange: (order: QifDayOrder) => void;
}) {
  const id = useId();
  // A remembered order the person chose to change: the question stays for this file.
  const [changing, setChanging] = useState(false);
  const order = preview.dayOrder;
  if (preview.format !== 'qif' || order === null) return null;

  if (preview.needsDayOrder || changing) {
    return (
      <Stack gap={6} role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-why`}>
        <Text id={`${id}-label`} fz="sm" fw={600}>
          Dates in this file
        </Text>
        <Text id={`${id}-why`} fz="sm" c="dimmed">
          {changing && !preview.needsDayOrder
            ? 'Choose how this file writes its dates; the preview follows.'
            : 'The dates in this file don’t show whether the month or the day comes first (03/04 could be March 4 or April 3). Choose how your bank writes them and check the dates below; Tally remembers it for this account.'}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby={`${id}-label`}
          value={order}
          onChange={(value) => {
            if (value === 'MDY' || value === 'DMY') onChange(value);
          }}
          data={[...DAY_ORDERS]}
        />
      </Stack>
    );
  }

  if (preview.dayOrderSource === 'file') {
    return (
      <Group gap={6} wrap="nowrap">
        <IconCalendar size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text fz="xs" c="dimmed">
          Dates read {label(order)}, as the file’s dates show
        </Text>
      </Group>
    );
  }

  if (preview.dayOrderSource === 'remembered') {
    return (
      <Group gap={6} wrap="nowrap">
        <IconHistory size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text fz="xs" c="dimmed">
          Dates read {label(order)}, as in your last import into this account
        </Text>
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => setChanging(true)}
          aria-label="Change how dates are read"
        >
          Change
        </Button>
      </Group>
    );
  }

  // Month first by default, for a file whose dates read the same either way: nothing to say.
  return null;
}
