import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  canonicalTimeZone,
  dayOfWeek,
  daysBetween,
  isoDay,
  lastDayOfMonth,
  presetRange,
  startOfMonth,
  todayIn,
  wholeMonths,
  wholeWeeks,
} from './dates';

describe('presetRange', () => {
  it.each([
    ['all', '2026-11-20', {}],
    ['week', '2026-11-20', { startDate: '2026-11-13', endDate: '2026-11-20' }],
    ['month', '2026-11-20', { startDate: '2026-10-20', endDate: '2026-11-20' }],
    ['month', '2026-03-31', { startDate: '2026-02-28', endDate: '2026-03-31' }],
    ['month', '2024-03-31', { startDate: '2024-02-29', endDate: '2024-03-31' }],
    ['quarter', '2026-05-31', { startDate: '2026-02-28', endDate: '2026-05-31' }],
    ['year', '2024-02-29', { startDate: '2023-02-28', endDate: '2024-02-29' }],
    ['ytd', '2026-01-01', { startDate: '2026-01-01', endDate: '2026-01-01' }],
    ['week', '2026-01-03', { startDate: '2025-12-27', endDate: '2026-01-03' }],
  ] as const)('%s ending %s', (preset, today, range) => {
    expect(presetRange(preset, today)).toEqual(range);
  });
});

describe('todayIn', () => {
  it("follows the person's time zone, not the server's", () => {
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-11-21');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-20');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-11-21');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-20T10:30:00Z'))).toBe('2026-11-21');
  });

  it('is unaffected by a DST change', () => {
    // US clocks go back at 2026-11-01 06:00Z (2am EDT → 1am EST).
    expect(todayIn('America/New_York', new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01');
    expect(todayIn('America/New_York', new Date('2026-11-02T04:30:00Z'))).toBe('2026-11-01');
  });
});

describe('canonicalTimeZone', () => {
  it.each([
    ['America/New_York', 'America/New_York'],
    ['america/new_york', 'America/New_York'],
    ['AMERICA/NEW_YORK', 'America/New_York'],
    ['aMeRiCa/NeW_yOrK', 'America/New_York'],
    ['US/Eastern', 'America/New_York'],
    ['EST5EDT', 'America/New_York'],
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['Etc/UTC', 'UTC'],
    ['GMT', 'UTC'],
    ['Europe/London', 'Europe/London'],
    ['europe/london', 'Europe/London'],
    ['Pacific/Kiritimati', 'Pacific/Kiritimati'],
    ['america/north_dakota/new_salem', 'America/North_Dakota/New_Salem'],
    ['america/port-au-prince', 'America/Port-au-Prince'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
  ])('%s is stored as %s', (given, canonical) => {
    expect(canonicalTimeZone(given)).toBe(canonical);
  });

  it('gives every spelling of an alias the spelling its canonical name has', () => {
    expect(canonicalTimeZone('asia/kolkata')).toBe(canonicalTimeZone('Asia/Kolkata'));
    expect(canonicalTimeZone('ASIA/CALCUTTA')).toBe(canonicalTimeZone('Asia/Kolkata'));
  });

  it.each([
    ['an unknown zone', 'Mars/Olympus_Mons'],
    ['an empty name', ''],
    ['an offset, which PostgreSQL reads with the opposite sign', '+05:00'],
    ['a negative offset', '-0300'],
    ['a name longer than any zone', `America/${'x'.repeat(80)}`],
    ['a path', '../../etc/passwd'],
    ['spaces', 'America/New York'],
  ])('refuses %s', (_, given) => {
    expect(canonicalTimeZone(given)).toBeNull();
  });
});

describe('the formatter cache', () => {
  const RealDateTimeFormat = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = RealDateTimeFormat;
  });
  function countFormatters() {
    const made: string[] = [];
    Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made.push(String(args[1]?.timeZone));
        return new target(...args);
      },
    });
    return made;
  }

  it('builds one formatter for a zone, however many spellings of it are asked for', () => {
    const made = countFormatters();
    const instant = new Date('2026-11-21T03:30:00Z');
    const zone = 'America/Denver';
    for (let i = 0; i < 500; i++) {
      // Each iteration a different mix of upper and lower case.
      const spelling = [...zone]
        .map((c, j) => ((i >> (j % 9)) & 1 ? c.toUpperCase() : c.toLowerCase()))
        .join('');
      expect(todayIn(spelling, instant)).toBe('2026-11-20');
    }
    expect(made.filter((z) => z.toLowerCase() === 'america/denver').length).toBeLessThanOrEqual(1);
  });

  it('keeps nothing for zones it does not know', () => {
    const made = countFormatters();
    for (let i = 0; i < 200; i++) {
      expect(() => todayIn(`Nowhere/Place_${i}`)).toThrow(RangeError);
    }
    // Each unknown name is tried once and refused; nothing is built twice or kept.
    expect(made.length).toBeLessThanOrEqual(200);
    expect(() => todayIn('Nowhere/Place_0')).toThrow(RangeError);
  });
});

describe('day arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('clamps month arithmetic to the last day of the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('adding and removing the same days returns the same day', () => {
    const day = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: -5000, max: 5000 }), (d, n) => addDays(addDays(d, n), -n) === d),
    );
  });

  it('accepts real days only', () => {
    expect(isoDay.safeParse('2024-02-29').success).toBe(true);
    expect(isoDay.safeParse('2025-02-29').success).toBe(false);
    expect(isoDay.safeParse('2025-2-1').success).toBe(false);
    expect(isoDay.safeParse('1899-12-31').success).toBe(false);
    expect(isoDay.safeParse('2200-01-01').success).toBe(false);
    expect(isoDay.safeParse('9999-12-31').success).toBe(false);
    expect(isoDay.safeParse('1900-01-01').success).toBe(true);
  });
});

describe('dayOfWeek', () => {
  it.each([
    ['1970-01-01', 4],
    ['2024-02-29', 4],
    ['2025-03-01', 6],
    ['2026-03-01', 0],
    ['2026-12-31', 4],
    ['2000-02-29', 2],
  ] as const)('%s is weekday %i (0 = Sunday)', (day, weekday) => {
    expect(dayOfWeek(day)).toBe(weekday);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-03-15', '2026-03-15', 0],
    ['2024-02-28', '2024-03-01', 2],
    ['2025-02-28', '2025-03-01', 1],
    ['2026-01-31', '2025-12-31', -31],
    ['1970-01-01', '2024-02-29', 19_782],
    ['1970-01-01', '1969-12-31', -1],
    ['2024-01-01', '2025-01-01', 366],
    ['2025-01-01', '2026-01-01', 365],
    // The spring-forward day still counts as one whole day: days are calendar days, not 24-hour spans.
    ['2026-03-08', '2026-03-09', 1],
  ] as const)('from %s to %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it('undoes addDays', () => {
    const day = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: -5000, max: 5000 }), (d, n) => daysBetween(d, addDays(d, n)) === n),
    );
  });
});

describe('month edges', () => {
  it.each([
    ['2026-01-15', '2026-01-01', '2026-01-31'],
    ['2026-02-01', '2026-02-01', '2026-02-28'],
    ['2024-02-10', '2024-02-01', '2024-02-29'],
    ['2000-02-29', '2000-02-01', '2000-02-29'],
    ['1900-02-14', '1900-02-01', '1900-02-28'],
    ['2026-04-30', '2026-04-01', '2026-04-30'],
    ['2026-12-31', '2026-12-01', '2026-12-31'],
  ] as const)('%s runs from %s to %s', (day, first, last) => {
    expect(startOfMonth(day)).toBe(first);
    expect(lastDayOfMonth(day)).toBe(last);
  });
});

describe('wholeWeeks', () => {
  it('keeps the whole Monday-to-Sunday weeks of a range and opens what is open', () => {
    // 2026-11-02 is a Monday, 2026-11-29 a Sunday.
    expect(wholeWeeks('2026-11-02', '2026-11-29')).toEqual({ from: '2026-11-02', to: '2026-11-30' });
    expect(wholeWeeks('2026-11-03', '2026-11-28')).toEqual({ from: '2026-11-09', to: '2026-11-23' });
    expect(wholeWeeks('2026-11-03')).toEqual({ from: '2026-11-09', to: undefined });
    expect(wholeWeeks(undefined, '2026-11-28')).toEqual({ from: undefined, to: '2026-11-23' });
    expect(wholeWeeks('2026-11-03', '2026-11-14')).toBeNull();
  });

  it('splits any range into whole weeks and edges shorter than a week', () => {
    const day = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 100 }), (start, length) => {
        const end = addDays(start, length);
        const weeks = wholeWeeks(start, end);
        if (!weeks) {
          expect(length).toBeLessThan(13);
          return;
        }
        const { from = '', to = '' } = weeks;
        expect(dayOfWeek(from)).toBe(1);
        expect(dayOfWeek(to)).toBe(1);
        expect(daysBetween(start, from)).toBeLessThan(7);
        expect(daysBetween(to, addDays(end, 1))).toBeLessThan(7);
        expect(from >= start && to <= addDays(end, 1)).toBe(true);
      }),
    );
  });
});

describe('wholeMonths', () => {
  it('keeps the whole months of a range and opens what is open', () => {
    expect(wholeMonths()).toEqual({ from: undefined, to: undefined });
    expect(wholeMonths('2026-01-01', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-04-01' });
    expect(wholeMonths('2026-01-15', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(wholeMonths('2025-12-02')).toEqual({ from: '2026-01-01', to: undefined });
    expect(wholeMonths(undefined, '2024-02-29')).toEqual({ from: undefined, to: '2024-03-01' });
    expect(wholeMonths(undefined, '2024-02-28')).toEqual({ from: undefined, to: '2024-02-01' });
  });

  it('is null when no whole month fits', () => {
    expect(wholeMonths('2026-01-02', '2026-01-31')).toBeNull();
    expect(wholeMonths('2026-01-15', '2026-02-20')).toBeNull();
    expect(wholeMonths('2026-03-01', '2026-03-30')).toBeNull();
  });

  it('splits any range into whole months and edges shorter than a month', () => {
    const day = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 500 }), (start, length) => {
        const end = addDays(start, length);
        const months = wholeMonths(start, end);
        if (!months) return true;
        const { from = start, to = addDays(end, 1) } = months;
        return (
          from.endsWith('-01') &&
          to.endsWith('-01') &&
          start <= from &&
          to <= addDays(end, 1) &&
          from < to &&
          addMonths(start, 1) > from &&
          addMonths(to, 1) > addDays(end, 1)
        );
      }),
    );
  });
});
