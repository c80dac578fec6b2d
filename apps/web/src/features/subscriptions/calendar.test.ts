import { subscriptionCalendar } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_DAYS,
  calendarPage,
  cellAmount,
  chargesByDay,
  dayCell,
  longDayLabel,
  monthLabel,
  monthTotal,
  shiftMonth,
} from './calendar';
import { aCalendar } from './test-fixtures';

/** The fixture's charges as the client reads them: in cents. */
const occurrences = () => subscriptionCalendar.parse(aCalendar()).occurrences;

describe('calendar page', () => {
  it.each([
    // November 2026 starts on a Sunday: the page starts on the 1st.
    ['2026-11-17', '2026-11-01', '2026-11-01', '2026-12-12'],
    // February 2026 starts on a Sunday and has 28 days: two weeks of March fill the page.
    ['2026-02-10', '2026-02-01', '2026-02-01', '2026-03-14'],
    // August 2026 starts on a Saturday and has 31 days: six full weeks, from July 26.
    ['2026-08-31', '2026-08-01', '2026-07-26', '2026-09-05'],
    // Across a year end.
    ['2027-01-01', '2027-01-01', '2026-12-27', '2027-02-06'],
  ])('the month of %s starts on the Sunday %s', (day, month, startDate, endDate) => {
    const page = calendarPage(day);
    expect(page).toMatchObject({ month, startDate, endDate });
    expect(page.days).toHaveLength(CALENDAR_DAYS);
    expect(new Date(`${page.days[0]}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(page.days.filter((d) => d.startsWith(month.slice(0, 7)))[0]).toBe(month);
  });

  it('always holds 42 consecutive days, six weeks of seven', () => {
    for (let m = 0; m < 24; m += 1) {
      const page = calendarPage(shiftMonth('2026-01-01', m));
      expect(page.days).toHaveLength(42);
      expect(new Set(page.days).size).toBe(42);
      expect(new Date(`${page.endDate}T00:00:00Z`).getUTCDay()).toBe(6);
    }
  });

  it('moves by whole months from the first day', () => {
    expect(shiftMonth('2026-01-01', 1)).toBe('2026-02-01');
    expect(shiftMonth('2026-01-01', -1)).toBe('2025-12-01');
    expect(shiftMonth('2026-12-01', 1)).toBe('2027-01-01');
  });

  it('names months and days in full', () => {
    expect(monthLabel('2026-11-01')).toBe('November 2026');
    expect(longDayLabel('2026-11-20')).toBe('Friday, November 20, 2026');
  });
});

describe('day cells', () => {
  const byDay = chargesByDay(occurrences());

  it('shows at most two amounts, the largest first, then how many more', () => {
    const cell = dayCell(byDay.get('2026-11-20'));
    expect(cell.shown.map((c) => c.name)).toEqual(['Netflix', 'Dropbox']);
    expect(cell.more).toBe(1);
    expect(cell.total).toBe(4197);
  });

  it('has nothing more on days with two charges or fewer', () => {
    expect(dayCell(byDay.get('2026-11-03'))).toMatchObject({ more: 0, total: 2499 });
    expect(dayCell(undefined)).toEqual({ shown: [], more: 0, total: 0 });
  });

  it("totals the month's own days only, not its neighbours' on the same page", () => {
    expect(monthTotal(occurrences(), '2026-11-01')).toBe(2499 + 4197);
  });

  it('keeps cents under $1,000 and drops them above, so amounts fit a cell', () => {
    expect(cellAmount(1_799)).toBe('$17.99');
    expect(cellAmount(99_999)).toBe('$999.99');
    expect(cellAmount(125_040)).toBe('$1,250');
  });
});
