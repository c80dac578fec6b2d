import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DayFormatVote, parseDay } from './days';
import type { DateFormat } from './imports.schema';
import { writeDay } from './test-support';

describe('parseDay', () => {
  it.each([
    ['2024-03-05', 'YYYY-MM-DD', '2024-03-05'],
    ['2024-3-5', 'YYYY-MM-DD', '2024-03-05'],
    ['2024/03/05', 'YYYY-MM-DD', '2024-03-05'],
    ['2024-03-05T23:59:59Z', 'YYYY-MM-DD', '2024-03-05'],
    ['2024-03-05 10:00', 'YYYY-MM-DD', '2024-03-05'],
    ['  2024-03-05  ', 'YYYY-MM-DD', '2024-03-05'],
    ['03/05/2024', 'MM/DD/YYYY', '2024-03-05'],
    ['3/5/2024', 'MM/DD/YYYY', '2024-03-05'],
    ['03-05-2024', 'MM/DD/YYYY', '2024-03-05'],
    ['03/05/24', 'MM/DD/YYYY', '2024-03-05'],
    ['12/31/99', 'MM/DD/YYYY', '1999-12-31'],
    ['03/05/2024 14:22:01', 'MM/DD/YYYY', '2024-03-05'],
    ['03/05/2024', 'DD/MM/YYYY', '2024-05-03'],
    ['31/12/2024', 'DD/MM/YYYY', '2024-12-31'],
    ['5.3.2024', 'DD.MM.YYYY', '2024-03-05'],
    ['05.03.24', 'DD.MM.YYYY', '2024-03-05'],
    ['20240305', 'YYYYMMDD', '2024-03-05'],
    // Leap days.
    ['2024-02-29', 'YYYY-MM-DD', '2024-02-29'],
    ['29.02.2000', 'DD.MM.YYYY', '2000-02-29'],
  ] as const)('%j as %s is %s', (text, format, day) => {
    expect(parseDay(text, format)).toBe(day);
  });

  it.each([
    ['', 'YYYY-MM-DD'],
    ['yesterday', 'YYYY-MM-DD'],
    ['2024-13-01', 'YYYY-MM-DD'],
    ['2024-00-10', 'YYYY-MM-DD'],
    ['2024-04-31', 'YYYY-MM-DD'],
    ['2023-02-29', 'YYYY-MM-DD'],
    ['1900-02-29', 'YYYY-MM-DD'],
    ['0024-01-01', 'YYYY-MM-DD'],
    ['31/13/2024', 'DD/MM/YYYY'],
    ['13/31/2024', 'MM/DD/YYYY'],
    ['03/05/2024', 'DD.MM.YYYY'],
    ['05.03.2024', 'MM/DD/YYYY'],
    ['2024-03-05', 'MM/DD/YYYY'],
    ['2024035', 'YYYYMMDD'],
    ['20240230', 'YYYYMMDD'],
    ['03/05/202', 'MM/DD/YYYY'],
    ['00/05/2024', 'MM/DD/YYYY'],
  ] as const)('%j is not a day as %s', (text, format) => {
    expect(parseDay(text, format)).toBeNull();
  });

  it('reads every real day written in each format back', () => {
    const formats: DateFormat[] = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...formats),
        (date, format) => {
          const day = date.toISOString().slice(0, 10);
          expect(parseDay(writeDay(day, format), format)).toBe(day);
        },
      ),
    );
  });
});

describe('DayFormatVote', () => {
  const vote = (cells: string[]) => {
    const v = new DayFormatVote();
    for (const cell of cells) v.add(cell);
    return v.result();
  };

  it.each([
    [['2024-01-05', '2024-01-31'], { format: 'YYYY-MM-DD', confident: true }],
    [['20240105', '20240131'], { format: 'YYYYMMDD', confident: true }],
    [['05.01.2024', '31.01.2024'], { format: 'DD.MM.YYYY', confident: true }],
    // One day above 12 decides between month-first and day-first…
    [['01/02/2024', '03/04/2024', '01/13/2024'], { format: 'MM/DD/YYYY', confident: true }],
    [['01/02/2024', '03/04/2024', '13/01/2024'], { format: 'DD/MM/YYYY', confident: true }],
    // …and without one the guess is month-first, not confident.
    [['01/02/2024', '03/04/2024', '12/12/2024'], { format: 'MM/DD/YYYY', confident: false }],
    // A stray bad cell does not change the answer.
    [['2024-01-05', 'pending', '2024-01-31'], { format: 'YYYY-MM-DD', confident: true }],
  ] as const)('%j → %j', (cells, expected) => {
    expect(vote([...cells])).toEqual(expected);
  });

  it('finds nothing in a column of words', () => {
    expect(vote(['coffee', 'rent'])).toBeNull();
  });
});
