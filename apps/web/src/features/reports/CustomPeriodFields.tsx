import '@mantine/dates/styles.css';
import { DayInput } from '../../components/DayInput';

/** The first and last day of a custom period: its own chunk (the date picker), loaded when chosen. */
export function CustomPeriodFields({
  startDate,
  endDate,
  onChange,
}: {
  startDate: string | null;
  endDate: string | null;
  onChange: (days: { startDate?: string | null; endDate?: string | null }) => void;
}) {
  return (
    <>
      <DayInput
        label="From"
        value={startDate}
        onChange={(value) => onChange({ startDate: value })}
        maxDate={endDate ?? undefined}
      />
      <DayInput
        label="To"
        value={endDate}
        onChange={(value) => onChange({ endDate: value })}
        minDate={startDate ?? undefined}
      />
    </>
  );
}
