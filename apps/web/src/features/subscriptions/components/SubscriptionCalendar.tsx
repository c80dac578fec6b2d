import { ActionIcon, Alert, Button, Card, Group, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { formatMoney, startOfMonth } from '@tally/shared';
import { useEffect, useId } from 'react';
import { log } from '../../../lib/log';
import { useSubscriptionCalendar } from '../api/get-subscription-calendar';
import {
  type CalendarCharge,
  calendarPage,
  cellAmount,
  chargesByDay,
  dayCell,
  longDayLabel,
  monthLabel,
  monthTotal,
  shiftMonth,
} from '../calendar';
import classes from '../subscriptions.module.css';

const WEEKDAYS = [
  ['Sun', 'S'],
  ['Mon', 'M'],
  ['Tue', 'T'],
  ['Wed', 'W'],
  ['Thu', 'T'],
  ['Fri', 'F'],
  ['Sat', 'S'],
] as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a day's button says to a screen reader: the day, how many charges and what they add up to. */
export function dayButtonLabel(day: string, charges: readonly CalendarCharge[]): string {
  const cell = dayCell(charges);
  return `${longDayLabel(day)}: ${plural(charges.length, 'charge')}, ${formatMoney(cell.total)} due`;
}

/**
 * The month grid (SPEC §2): six weeks from Sunday, up to two amounts a day and '+N more', a day with
 * charges opens its list (which reads this page's charges itself, so it follows a refetch). `month` is the
 * month shown (its first day), kept by the screen.
 */
export function SubscriptionCalendar({
  month,
  today,
  onMonthChange,
  onOpenDay,
}: {
  month: string;
  today: string;
  onMonthChange: (month: string) => void;
  onOpenDay: (day: string) => void;
}) {
  const page = calendarPage(month);
  const calendar = useSubscriptionCalendar(page.startDate, page.endDate);
  const headingId = useId();
  const charges = calendar.data?.occurrences ?? [];
  const byDay = chargesByDay(charges);
  const total = monthTotal(charges, page.month);
  const stale = calendar.isPlaceholderData || calendar.isPending;
  const thisMonth = startOfMonth(today);

  useEffect(() => {
    if (calendar.error && calendar.data) log.warn('Refreshing the calendar failed', calendar.error);
  }, [calendar.error, calendar.data]);

  return (
    <Card padding={0} component="section" aria-labelledby={headingId} className={classes.calendar}>
      <Group className={classes.calendarHead} justify="space-between" gap="sm" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" id={headingId}>
            {monthLabel(page.month)}
          </Title>
          <Text fz="sm" c="dimmed" aria-live="polite">
            {calendar.isPending ? (
              'Loading charges…'
            ) : (
              <>
                <span className={classes.wide}>Due this month: </span>
                <span className={classes.narrow}>Due: </span>
                <Text span fw={700} c="var(--mantine-color-text)" className={classes.amount}>
                  {formatMoney(total)}
                </Text>
              </>
            )}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap">
          <Button variant="default" size="sm" px="sm" onClick={() => onMonthChange(thisMonth)}>
            Today
          </Button>
          <Tooltip label="Previous month">
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Previous month"
              onClick={() => onMonthChange(shiftMonth(page.month, -1))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Next month">
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Next month"
              onClick={() => onMonthChange(shiftMonth(page.month, 1))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {calendar.isError && !calendar.data && (
        <Alert
          color="red"
          variant="light"
          m="md"
          icon={<IconAlertTriangle size={18} />}
          title="Couldn't load this month's charges"
        >
          <Group gap="sm" justify="space-between">
            <Text fz="sm">Your subscriptions are safe; the calendar could not be read just now.</Text>
            <Button size="compact-sm" variant="default" onClick={() => void calendar.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      )}

      <div className={classes.weekdays} aria-hidden>
        {WEEKDAYS.map(([long, short]) => (
          <div key={long} className={classes.weekday}>
            <span className={classes.wide}>{long}</span>
            <span className={classes.narrow}>{short}</span>
          </div>
        ))}
      </div>
      <ol
        className={classes.grid}
        aria-labelledby={headingId}
        aria-busy={stale}
        data-stale={stale || undefined}
      >
        {page.days.map((day) => {
          const dayCharges = byDay.get(day) ?? [];
          const outside = day.slice(0, 7) !== page.month.slice(0, 7);
          return (
            <li key={day} className={classes.cell} data-outside={outside || undefined}>
              <DayCell day={day} charges={dayCharges} isToday={day === today} onOpen={onOpenDay} />
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function DayCell({
  day,
  charges,
  isToday,
  onOpen,
}: {
  day: string;
  charges: CalendarCharge[];
  isToday: boolean;
  onOpen: (day: string) => void;
}) {
  const number = (
    <span className={classes.dayNumber} data-today={isToday || undefined}>
      {Number(day.slice(8))}
      {isToday && <VisuallyHidden>, today</VisuallyHidden>}
    </span>
  );
  if (charges.length === 0) return <div className={classes.day}>{number}</div>;
  const cell = dayCell(charges);
  return (
    <button
      type="button"
      className={classes.day}
      aria-label={`${dayButtonLabel(day, charges)}${isToday ? ', today' : ''}`}
      onClick={() => onOpen(day)}
    >
      {number}
      {cell.shown.map((charge) => (
        <span key={`${charge.subscriptionId}-${charge.date}`} className={classes.charge} title={charge.name}>
          <span className={classes.chargeName}>{charge.name}</span>
          <span className={classes.amount}>{cellAmount(charge.amount)}</span>
        </span>
      ))}
      {cell.more > 0 && <span className={classes.more}>+{cell.more} more</span>}
    </button>
  );
}
