import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A day, typed ('Mar 14, 2026' or 2026-03-14) or picked from a calendar of US weeks. In a dialog, Escape
 * first closes the picker only: the dialog hears Escape unless the field says the key is its own (Mantine's
 * stop-propagation marker). A clearable field's clear button says what it clears.
 */
export function DayInput({ label, clearable, ...props }: DateInputProps & { label: string }) {
  const [pickerOpen, setPickerOpen] = useState(false);
  return (
    <DateInput
      label={label}
      valueFormat="MMM D, YYYY"
      clearable={clearable}
      clearButtonProps={clearable ? { 'aria-label': `Clear ${label.toLowerCase()}` } : undefined}
      leftSection={<IconCalendar size={16} stroke={1.7} />}
      popoverProps={{
        withinPortal: true,
        onOpen: () => setPickerOpen(true),
        onClose: () => setPickerOpen(false),
      }}
      data-mantine-stop-propagation={pickerOpen ? 'true' : undefined}
      // No red weekends (Mantine's red is under 4.5:1, and weekends mean nothing here).
      firstDayOfWeek={0}
      weekendDays={[]}
      {...props}
    />
  );
}
