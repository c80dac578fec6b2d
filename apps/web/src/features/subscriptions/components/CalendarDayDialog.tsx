import { Group, Text, ThemeIcon } from '@mantine/core';
import {
  FREQUENCY_LABELS,
  formatMoney,
  SUBSCRIPTION_CATEGORY_LABELS,
  type Subscription,
} from '@tally/shared';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../../components/Dialog';
import { subscriptionCalendarQuery } from '../api/get-subscription-calendar';
import { calendarPage, chargesByDay, longDayLabel, totalOf } from '../calendar';
import { SUBSCRIPTION_CATEGORY_VISUALS } from '../category-visuals';
import classes from '../subscriptions.module.css';

/** The day opened, and the month whose page it was opened from (its charges are that page's). */
export type CalendarDay = { day: string; month: string };

type DayDialogProps = {
  /** The tracked subscriptions, for each charge's frequency. */
  subscriptions: readonly Subscription[];
  opened: boolean;
  onClose: () => void;
};

/**
 * A calendar day's charges (SPEC §2): each subscription due, and the Total Due. They are read from the
 * calendar page's query while the dialog is open, so a refetch (a pause, an edit) shows here at once.
 */
export function CalendarDayDialog({ day, ...rest }: DayDialogProps & { day: CalendarDay | null }) {
  return day ? <DayCharges opening={day} {...rest} /> : null;
}

function DayCharges({
  opening: { day, month },
  subscriptions,
  opened,
  onClose,
}: DayDialogProps & { opening: CalendarDay }) {
  const page = calendarPage(month);
  const calendar = useQuery({ ...subscriptionCalendarQuery(page.startDate, page.endDate), enabled: opened });
  const charges = chargesByDay(calendar.data?.occurrences ?? []).get(day) ?? [];
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  return (
    <Dialog opened={opened} onClose={onClose} title={longDayLabel(day)} centered>
      <div className={classes.dialog}>
        <Text fz="sm" c="dimmed" mb="xs">
          {charges.length === 0
            ? 'No subscriptions due'
            : charges.length === 1
              ? '1 subscription due'
              : `${charges.length} subscriptions due`}
        </Text>
        <ul className={classes.dayList} aria-label="Subscriptions due">
          {charges.map((charge) => {
            const visual = SUBSCRIPTION_CATEGORY_VISUALS[charge.category];
            const frequency = byId.get(charge.subscriptionId)?.frequency;
            return (
              <li key={charge.subscriptionId}>
                <Group justify="space-between" wrap="nowrap" gap="sm" py="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <ThemeIcon variant="light" color={visual.color} radius="md" size={36} aria-hidden>
                      <visual.icon size={18} stroke={1.7} />
                    </ThemeIcon>
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} fz="sm" truncate>
                        {charge.name}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {SUBSCRIPTION_CATEGORY_LABELS[charge.category]}
                        {frequency !== undefined && ` · ${FREQUENCY_LABELS[frequency]}`}
                      </Text>
                    </div>
                  </Group>
                  <Text fw={600} fz="sm" className={classes.amount}>
                    {formatMoney(charge.amount)}
                  </Text>
                </Group>
              </li>
            );
          })}
        </ul>
        <Group justify="space-between" mt="xs" p="sm" className={classes.soft} style={{ borderRadius: 8 }}>
          <Text fw={600}>Total Due</Text>
          <Text fw={700} fz="lg" className={classes.amount}>
            {formatMoney(totalOf(charges))}
          </Text>
        </Group>
      </div>
    </Dialog>
  );
}
