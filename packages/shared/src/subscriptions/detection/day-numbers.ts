// Days as integers for detection's hot loops; no Date objects.
// ---------------------------------------------------------------------------------------------------------
// Days as integers (days since 1970-01-01), without Date objects

export type Day = {
  /** Days since 1970-01-01. */
  day: number;
  /** year * 12 + month - 1 */
  month: number;
  /** Day of the month, 1–31. */
  dom: number;
  /** Days in that month. */
  dim: number;
};

/** Howard Hinnant's days_from_civil: proleptic Gregorian, any year. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

export function isoOf(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Day numbers of the first of each month, 1900–2199: schedules ask for due days millions of times. */
const TABLE_FIRST_MONTH = 1900 * 12;
const MONTH_STARTS = Int32Array.from({ length: 300 * 12 + 1 }, (_, i) => {
  const monthIndex = TABLE_FIRST_MONTH + i;
  const y = Math.floor(monthIndex / 12);
  return daysFromCivil(y, monthIndex - y * 12 + 1, 1);
});

/** The day `dom` (clamped to the month's end) of a month index (year * 12 + month - 1). */
export function dayInMonth(monthIndex: number, dom: number): number {
  const i = monthIndex - TABLE_FIRST_MONTH;
  if (i >= 0 && i < MONTH_STARTS.length - 1) {
    const first = MONTH_STARTS[i] as number;
    return first + Math.min(dom, (MONTH_STARTS[i + 1] as number) - first) - 1;
  }
  const y = Math.floor(monthIndex / 12);
  const m = monthIndex - y * 12 + 1;
  return daysFromCivil(y, m, Math.min(dom, daysInMonth(y, m)));
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDay(iso: string): Day {
  const match = ISO_DAY.exec(iso);
  const y = Number(match?.[1]);
  const m = Number(match?.[2]);
  const d = Number(match?.[3]);
  if (!match || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new RangeError(`Not a YYYY-MM-DD day: ${iso}`);
  }
  return { day: daysFromCivil(y, m, d), month: y * 12 + m - 1, dom: d, dim: daysInMonth(y, m) };
}

/** Parses each distinct date once: a history holds a few hundred distinct days in 100k rows. */
export function dayParser(): (iso: string) => Day {
  const cache = new Map<string, Day>();
  return (iso) => {
    let day = cache.get(iso);
    if (!day) {
      day = parseDay(iso);
      cache.set(iso, day);
    }
    return day;
  };
}
