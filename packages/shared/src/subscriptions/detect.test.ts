import { describe, expect, it } from 'vitest';
import { addDays, addMonths, lastDayOfMonth } from '../dates';
import type { Cents } from '../money';
import { CATEGORY, type CategoryCode } from '../transactions/categories';
import {
  type DetectionTransaction,
  detectSubscriptions,
  guessRecurrence,
  subscriptionMerchantKey,
} from './detect';
import { SUBSCRIPTION_FREQUENCIES as F, type SubscriptionFrequency } from './schedule';
import { SUBSCRIPTION_CATEGORY as SC } from './subscriptions.schema';

// ---------------------------------------------------------------------------------------------------------
// Builders

let nextId = 0;

type Merchant = {
  merchantName: string | null;
  description: string;
  category?: CategoryCode;
  providerCategory?: string | null;
};

const NETFLIX: Merchant = {
  merchantName: 'Netflix',
  description: 'NETFLIX.COM 866-579-7172 CA',
  category: CATEGORY.Subscriptions,
  providerCategory: 'ENTERTAINMENT_TV_AND_MOVIES',
};

function charge(
  date: string,
  amount: Cents,
  merchant: Merchant = NETFLIX,
  extra: Partial<DetectionTransaction> = {},
): DetectionTransaction {
  nextId += 1;
  return {
    id: `t${nextId}`,
    date,
    amount,
    merchantName: merchant.merchantName,
    description: merchant.description,
    category: merchant.category ?? CATEGORY.Uncategorized,
    providerCategory: merchant.providerCategory ?? null,
    isTransfer: false,
    ...extra,
  };
}

/** Days each charge lands late (or early) on a schedule: posting lag and weekends. */
const JITTER = [0, 1, 0, 2, -1, 0, 3, 0, 1, 0, -2, 2, 0, 1];

/** Due days from `first`: every `days` days, or every `months` calendar months counted from `first`. */
function dueDays(first: string, step: { days: number } | { months: number }, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    'days' in step ? addDays(first, i * step.days) : addMonths(first, i * step.months),
  );
}

/** Charges of `price` (positive) on those days, moved by the jitter pattern. */
function series(
  days: readonly string[],
  price: Cents,
  merchant: Merchant = NETFLIX,
  options: { jitter?: readonly number[] } = {},
): DetectionTransaction[] {
  const jitter = options.jitter ?? [0];
  return days.map((day, i) => charge(addDays(day, jitter[i % jitter.length] ?? 0), -price, merchant));
}

/** A small seeded PRNG, so the noise in these tests is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ids = (rows: readonly DetectionTransaction[]) => rows.map((r) => r.id);

// ---------------------------------------------------------------------------------------------------------

describe('subscriptionMerchantKey', () => {
  it.each([
    ['Netflix', 'NETFLIX.COM 866-579-7172 CA', 'netflix'],
    ["  Trader  Joe's ", "TRADER JOE'S #552 SAN FRANCISCO CA", "trader joe's"],
    [null, 'NETFLIX.COM 866-579-7172 CA', 'netflix.com'],
    [null, 'DROPBOX*X7Q2M DROPBOX.COM CA', 'dropbox dropbox.com'],
    [null, 'AMAZON PRIME*2K4L91RT2 AMZN.COM/BILL WA', 'amazon prime amzn.com/bill'],
    [null, 'CRUNCH FITNESS #187 SAN FRANCISCO CA', 'crunch fitness san francisco'],
    [null, 'GEICO *AUTO PPD ID: 0000361245', 'geico auto'],
    [null, 'BAYVIEW PROPERTY MGMT WEB PMTS PPD ID: 1462289037', 'bayview property mgmt web pmts'],
    [null, 'SPOTIFY USA 877-778-1161 NY', 'spotify usa'],
    [null, 'STARBUCKS STORE 05798 SAN FRANCISCO CA', 'starbucks store san francisco'],
    [null, 'OPENAI *CHATGPT SUBSCR OPENAI.COM CA', 'openai chatgpt subscr openai.com'],
    [null, 'UBER *EATS HELP.UBER.COM CA', 'uber eats help.uber.com'],
    [null, 'VENMO PAYMENT 1234567890 WEB ID: 3264681992', 'venmo payment'],
    [null, 'Zelle payment to Jordan Lee Conf# K2J4H5L6M7', 'zelle payment to jordan lee'],
    [null, 'AUTOMATIC TRANSFER TO SAVINGS XXXXXX7788', 'automatic transfer to savings'],
    ['', 'HELLOFRESH 646-846-3663 NY', 'hellofresh'],
    [null, '1234-5678', '1234-5678'],
    [null, '   ', 'unknown'],
  ])('(%j, %j) → %j', (name, description, key) => {
    expect(subscriptionMerchantKey(name, description)).toBe(key);
  });

  it('gives every charge of a merchant the same key whatever its order code', () => {
    const keys = [
      'DROPBOX*X7Q2M DROPBOX.COM CA',
      'DROPBOX*8KD02LQ DROPBOX.COM CA',
      'DROPBOX* 4FJ2 DROPBOX.COM CA',
    ].map((d) => subscriptionMerchantKey(null, d));
    expect(new Set(keys).size).toBe(1);
  });
});

describe('detectSubscriptions: cadences', () => {
  it.each<[string, SubscriptionFrequency, { days: number } | { months: number }, number, string, number]>([
    ['weekly', F.Weekly, { days: 7 }, 20, '2026-07-01', 7],
    ['bi-weekly', F.BiWeekly, { days: 14 }, 12, '2026-05-06', 14],
    ['monthly', F.Monthly, { months: 1 }, 12, '2025-12-14', 30.4],
    ['quarterly', F.Quarterly, { months: 3 }, 8, '2024-12-05', 91.3],
    ['semi-annual', F.SemiAnnual, { months: 6 }, 4, '2024-12-20', 182.6],
    ['annual', F.Annual, { months: 12 }, 2, '2024-12-09', 365],
  ])('finds a %s charge landing a few days off its due day', (_, frequency, step, count, first, interval) => {
    // Weekly charges move by at most two days; the rest by up to three.
    const jitter = frequency === F.Weekly ? [0, 1, 0, 2, -1, 0, 1] : JITTER;
    const days = dueDays(first, step, count);
    const today = addDays(days.at(-1) ?? first, 5);
    const rows = series(days, 24_99, NETFLIX, { jitter });
    const [found, ...rest] = detectSubscriptions(rows, { today });
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      merchantKey: 'netflix',
      merchantName: 'Netflix',
      amount: 24_99,
      frequency,
      occurrences: count,
      priceChange: null,
      category: SC.Streaming,
      firstChargeDate: rows[0]?.date,
      lastChargeDate: rows.at(-1)?.date,
    });
    expect(found?.relatedTransactionIds).toEqual(ids(rows));
    expect(Math.abs((found?.averageIntervalDays ?? 0) - interval)).toBeLessThanOrEqual(1);
    expect(found?.confidence).toBeGreaterThanOrEqual(0.8);
    expect((found?.estimatedNextDue ?? '') >= today).toBe(true);
  });

  it('reads a monthly charge as monthly, not as a 30-day or 4-week cycle (month lengths vary)', () => {
    const rows = series(dueDays('2025-01-15', { months: 1 }, 23), 11_99);
    const [found] = detectSubscriptions(rows, { today: '2026-11-20' });
    expect(found?.frequency).toBe(F.Monthly);
    expect(found?.estimatedNextDue).toBe('2026-12-15');
  });

  it('bridges a skipped month, and a skipped charge does not stretch the interval', () => {
    const days = dueDays('2024-12-03', { months: 1 }, 24);
    days.splice(9, 1);
    const rows = series(days, 34_99);
    const [found] = detectSubscriptions(rows, { today: '2026-11-22' });
    expect(found).toMatchObject({ frequency: F.Monthly, occurrences: 23, estimatedNextDue: '2026-12-03' });
    expect(found?.averageIntervalDays).toBeCloseTo(30.4, 0);
    expect(found?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('bridges three skipped meal-kit weeks in a row (a holiday)', () => {
    const days = dueDays('2026-01-07', { days: 7 }, 46).filter((_, i) => i < 20 || i > 22);
    const [found] = detectSubscriptions(series(days, 71_93), { today: '2026-11-22' });
    expect(found).toMatchObject({ frequency: F.Weekly, occurrences: 43 });
  });

  it('follows the current stint of a subscription that was cancelled and taken up again', () => {
    const first = dueDays('2024-12-14', { months: 1 }, 6);
    const again = dueDays('2025-11-14', { months: 1 }, 12);
    const rows = series([...first, ...again], 15_49);
    const [found] = detectSubscriptions(rows, { today: '2026-11-20' });
    expect(found).toMatchObject({ occurrences: 12, firstChargeDate: '2025-11-14' });
  });

  it('finds a series whose charges merge same-day duplicates (a pending and a posted copy)', () => {
    const rows = series(dueDays('2026-01-09', { months: 1 }, 10), 10_99);
    const duplicate = charge(rows[4]!.date, -10_99);
    const [found] = detectSubscriptions([...rows, duplicate], { today: '2026-11-01' });
    expect(found?.occurrences).toBe(10);
    expect(found?.relatedTransactionIds).toHaveLength(10);
  });
});

describe('detectSubscriptions: prices', () => {
  it('reports a price rise: the new price, the old one, and the first charge at the new one', () => {
    const days = dueDays('2024-12-14', { months: 1 }, 24);
    const rows = [...series(days.slice(0, 15), 15_49), ...series(days.slice(15), 17_99)];
    const [found] = detectSubscriptions(rows, { today: '2026-11-20' });
    expect(found).toMatchObject({
      amount: 17_99,
      occurrences: 24,
      priceChange: { previousAmount: 15_49, date: days[15] },
    });
    expect(found?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('reports a rise that so far shows on the latest charge only', () => {
    const days = dueDays('2025-11-09', { months: 1 }, 13);
    const rows = [...series(days.slice(0, 12), 10_99), ...series(days.slice(12), 11_99)];
    const [found] = detectSubscriptions(rows, { today: '2026-11-20' });
    expect(found).toMatchObject({
      amount: 11_99,
      priceChange: { previousAmount: 10_99, date: '2026-11-09' },
    });
  });

  it('reports a rise after the first charge of a subscription that began in the history', () => {
    const siriusxm: Merchant = { merchantName: 'SiriusXM', description: 'SIRIUSXM*RADIO 888-635-5144 NY' };
    const rows = [
      charge('2025-09-03', -83_94, siriusxm),
      charge('2026-03-03', -96_00, siriusxm),
      charge('2026-09-03', -96_00, siriusxm),
    ];
    const [found] = detectSubscriptions([charge('2024-12-01', -5_00, NETFLIX), ...rows], {
      today: '2026-11-22',
    });
    expect(found).toMatchObject({
      merchantName: 'SiriusXM',
      frequency: F.SemiAnnual,
      amount: 96_00,
      priceChange: { previousAmount: 83_94, date: '2026-03-03' },
    });
  });

  it('reports an annual fee renewed once at a new price, where nothing else is bought', () => {
    const aaa: Merchant = { merchantName: 'AAA', description: 'AAA NCNU MEMBERSHIP 800-222-4357 CA' };
    const rows = [charge('2025-08-23', -64_00, aaa), charge('2026-08-24', -72_00, aaa)];
    const [found] = detectSubscriptions(rows, { today: '2026-11-22' });
    expect(found).toMatchObject({
      frequency: F.Annual,
      amount: 72_00,
      priceChange: { previousAmount: 64_00, date: '2026-08-24' },
      estimatedNextDue: '2027-08-23',
    });
    // Two visits a year apart at prices that far apart are not a renewal.
    const dentist: Merchant = {
      merchantName: 'Pacific Heights Dental',
      description: 'PACIFIC HEIGHTS DENTAL',
    };
    const visits = [charge('2025-08-23', -95_00, dentist), charge('2026-08-24', -210_00, dentist)];
    expect(detectSubscriptions(visits, { today: '2026-11-22' })).toEqual([]);
  });

  it('does not take a purchase alone in the latest slot for a new price', () => {
    const uber: Merchant = { merchantName: 'Uber', description: 'UBER *ONE HELP.UBER.COM CA' };
    const membership = series(dueDays('2025-11-25', { months: 1 }, 12), 9_99, uber);
    const trip = charge('2026-11-24', -12_40, { ...uber, description: 'UBER *TRIP HELP.UBER.COM CA' });
    const [found] = detectSubscriptions([...membership, trip], { today: '2026-11-26' });
    expect(found).toMatchObject({ amount: 9_99, priceChange: null, occurrences: 12 });
  });

  it('keeps a one-off at another price out of the pattern, even on a due day', () => {
    const days = dueDays('2025-11-24', { months: 1 }, 12);
    const rows = series(days, 11_99);
    // A one-month add-on charged next to the renewal, and a gift card mid-month.
    const extras = [charge(addDays(days[5]!, 1), -4_99), charge(addDays(days[7]!, 12), -25_00)];
    const [found] = detectSubscriptions([...rows, ...extras], { today: '2026-11-20' });
    expect(found).toMatchObject({ amount: 11_99, priceChange: null, occurrences: 12 });
    expect(found?.relatedTransactionIds).toEqual(ids(rows));
  });
});

describe('detectSubscriptions: noise at the same merchant', () => {
  const DASH: Merchant = {
    merchantName: 'DoorDash',
    description: 'DOORDASH DASHPASS WWW.DOORDASH. CA',
    category: CATEGORY.DiningOut,
    providerCategory: 'FOOD_AND_DRINK_RESTAURANT',
  };

  it('takes only the pattern from a merchant that also sells one-offs (a membership among orders)', () => {
    const next = random(7);
    const membership = series(dueDays('2024-12-18', { months: 1 }, 24), 9_99, DASH, { jitter: JITTER });
    const orders: DetectionTransaction[] = [];
    for (let day = 0; day < 720; day += 1 + Math.floor(next() * 9)) {
      const amount = 24_00 + Math.floor(next() * 44_00);
      orders.push(
        charge(addDays('2024-12-01', day), -amount, {
          ...DASH,
          description: `DOORDASH*${Math.floor(next() * 1e8)}X WWW.DOORDASH. CA`,
        }),
      );
    }
    const [found, ...rest] = detectSubscriptions([...orders, ...membership], { today: '2026-11-22' });
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      merchantKey: 'doordash',
      amount: 9_99,
      frequency: F.Monthly,
      occurrences: 24,
    });
    expect(found?.relatedTransactionIds.sort()).toEqual(ids(membership).sort());
    expect(found?.category).toBe(SC.Shopping);
  });

  it('ignores refunds, including one that gives a charge back in full', () => {
    const rows = series(dueDays('2025-12-24', { months: 1 }, 11), 11_99);
    const refunds = [charge(addDays(rows[3]!.date, 2), 11_99), charge(addDays(rows[8]!.date, 0), 5_00)];
    const [found] = detectSubscriptions([...rows, ...refunds], { today: '2026-11-20' });
    expect(found?.occurrences).toBe(11);
    expect(found?.relatedTransactionIds).toEqual(ids(rows));
  });

  it('tolerates an extra charge at the same price off the schedule, outside the pattern', () => {
    const rows = series(dueDays('2025-12-03', { months: 1 }, 12), 20_00);
    const extra = charge('2026-05-19', -20_00);
    const [found] = detectSubscriptions([...rows, extra], { today: '2026-11-20' });
    expect(found?.relatedTransactionIds).toEqual(ids(rows));
  });
});

describe('detectSubscriptions: what is not a subscription', () => {
  const today = '2026-11-22';

  it('finds nothing in frequent purchases at random prices, some of them repeated', () => {
    const next = random(42);
    const rows: DetectionTransaction[] = [];
    const shops: Merchant[] = [
      {
        merchantName: "Trader Joe's",
        description: "TRADER JOE'S #552 SAN FRANCISCO CA",
        category: CATEGORY.Groceries,
      },
      { merchantName: 'Amazon', description: 'AMZN MKTP US AMZN.COM/BILL WA', category: CATEGORY.Shopping },
      {
        merchantName: 'Chevron',
        description: 'CHEVRON 0094512 SAN FRANCISCO CA',
        category: CATEGORY.Transportation,
      },
    ];
    for (const shop of shops) {
      for (let day = 0; day < 730; day += 1 + Math.floor(next() * 6)) {
        // A handful of favourite baskets come back at the same price now and then.
        const amount =
          next() < 0.3 ? [12_99, 24_50, 8_75][Math.floor(next() * 3)]! : 5_00 + Math.floor(next() * 120_00);
        rows.push(charge(addDays('2024-11-23', day), -amount, shop));
      }
    }
    expect(detectSubscriptions(rows, { today })).toEqual([]);
  });

  it('finds nothing in a daily coffee at the same price', () => {
    const cafe: Merchant = {
      merchantName: 'Blue Bottle Coffee',
      description: 'BLUE BOTTLE COFFEE',
      category: CATEGORY.DiningOut,
    };
    const rows = Array.from({ length: 400 }, (_, i) =>
      charge(addDays('2025-06-01', i + Math.floor(i / 5) * 2), -5_75, cafe),
    );
    expect(detectSubscriptions(rows, { today })).toEqual([]);
  });

  it('finds nothing in toll top-ups from a short menu of amounts', () => {
    const fastrak: Merchant = {
      merchantName: 'FasTrak',
      description: 'FASTRAK CSC 877-229-8655 CA',
      category: CATEGORY.Transportation,
    };
    const rows = ['2025-04-19', '2025-07-27', '2025-08-15', '2026-10-23'].map((d) =>
      charge(d, -35_00, fastrak),
    );
    rows.push(charge('2025-07-16', -25_00, fastrak), charge('2026-07-26', -25_00, fastrak));
    expect(detectSubscriptions(rows, { today })).toEqual([]);
  });

  it('finds nothing in haircuts every four to seven weeks at one price', () => {
    const barber: Merchant = {
      merchantName: "People's Barber",
      description: "SQ *PEOPLE'S BARBER",
      category: CATEGORY.PersonalCare,
    };
    const next = random(3);
    const rows: DetectionTransaction[] = [];
    for (let day = 0; day < 720; day += 28 + Math.floor(next() * 21))
      rows.push(charge(addDays('2024-12-01', day), -45_00, barber));
    expect(detectSubscriptions(rows, { today })).toEqual([]);
  });

  const monthly = (merchant: Merchant, amount: Cents, extra: Partial<DetectionTransaction> = {}) =>
    dueDays('2024-12-01', { months: 1 }, 24).map((day) => charge(day, amount, merchant, extra));

  it('skips transfers, money in and income categories', () => {
    const rows = [
      ...monthly({ merchantName: null, description: 'AUTOMATIC TRANSFER TO SAVINGS XXXXXX7788' }, -500_00, {
        isTransfer: true,
      }),
      ...monthly(
        {
          merchantName: 'Northwind Labs',
          description: 'NORTHWIND LABS DIRECT DEP',
          category: CATEGORY.Salary,
        },
        3_412_57,
      ),
      ...monthly(
        { merchantName: null, description: 'INTEREST PAYMENT', category: CATEGORY.Investment },
        12_40,
      ),
      ...monthly(
        {
          merchantName: 'Northwind Labs',
          description: 'NORTHWIND LABS PAYROLL ADJ',
          category: CATEGORY.Salary,
        },
        -10_00,
      ),
    ];
    expect(detectSubscriptions(rows, { today })).toEqual([]);
  });

  it('skips rent, utilities, insurance and loans unless bills are asked for', () => {
    const rows = [
      ...monthly(
        { merchantName: 'Bayview Property Management', description: 'BAYVIEW RENT', category: CATEGORY.Rent },
        -2_850_00,
      ),
      ...monthly(
        { merchantName: 'Xfinity', description: 'COMCAST XFINITY', category: CATEGORY.Utilities },
        -79_99,
      ),
      ...monthly(
        { merchantName: 'GEICO', description: 'GEICO *AUTO', category: CATEGORY.Insurance },
        -142_30,
      ),
      ...monthly(
        { merchantName: null, description: 'SUMMIT CU AUTO LOAN PMT', category: CATEGORY.LoanPayments },
        -632_40,
      ),
    ];
    expect(detectSubscriptions(rows, { today })).toEqual([]);
    const bills = detectSubscriptions(rows, { today, includeBills: true });
    expect(bills.map((d) => [d.merchantName, d.frequency, d.category]).sort()).toEqual([
      ['Bayview Property Management', F.Monthly, SC.Other],
      ['GEICO', F.Monthly, SC.Insurance],
      ['Summit Cu Auto Loan Pmt', F.Monthly, SC.Other],
      ['Xfinity', F.Monthly, SC.Utilities],
    ]);
  });

  it('with bills, follows a utility bill whose amount moves with the seasons', () => {
    const days = dueDays('2024-12-08', { months: 1 }, 24);
    const power: Merchant = {
      merchantName: 'PG&E',
      description: 'PGANDE WEB ONLINE',
      category: CATEGORY.Utilities,
    };
    const rows = days.map((day, i) =>
      charge(day, -Math.round(120_00 + 60_00 * Math.cos((i * Math.PI) / 6)), power),
    );
    expect(detectSubscriptions(rows, { today })).toEqual([]);
    const [found] = detectSubscriptions(rows, { today, includeBills: true });
    expect(found).toMatchObject({
      frequency: F.Monthly,
      occurrences: 24,
      priceChange: null,
      category: SC.Utilities,
    });
  });

  it('honours skipMerchantKeys', () => {
    const rows = [
      ...series(dueDays('2025-12-14', { months: 1 }, 12), 15_49),
      ...series(dueDays('2025-12-09', { months: 1 }, 12), 11_99, {
        merchantName: 'Spotify',
        description: 'SPOTIFY USA',
      }),
    ];
    expect(detectSubscriptions(rows, { today }).map((d) => d.merchantKey)).toEqual(['netflix', 'spotify']);
    expect(
      detectSubscriptions(rows, { today, skipMerchantKeys: new Set(['netflix']) }).map((d) => d.merchantKey),
    ).toEqual(['spotify']);
  });

  it.each([
    ['two monthly charges', { months: 1 }, 2],
    ['three weekly charges', { days: 7 }, 3],
    ['one annual charge', { months: 12 }, 1],
    ['two semi-annual charges', { months: 6 }, 2],
  ] as const)('needs more than %s', (_, step, count) => {
    const rows = series(dueDays('2026-10-01', step, count), 9_99);
    const last = rows.at(-1)!.date;
    expect(detectSubscriptions(rows, { today: addDays(last, 1) })).toEqual([]);
  });

  it('drops a subscription that stopped: two due days passed without a charge', () => {
    const rows = series(dueDays('2025-01-20', { months: 1 }, 18), 12_99);
    expect(detectSubscriptions(rows, { today: '2026-08-10' })).toHaveLength(1);
    expect(detectSubscriptions(rows, { today: '2026-09-28' })).toEqual([]);
  });
});

describe('detectSubscriptions: next due date', () => {
  /** Charges on the last day of `count` months from `first`'s. */
  const monthEnd = (first: string, count: number) =>
    series(
      Array.from({ length: count }, (_, i) => lastDayOfMonth(addMonths(first, i))),
      20_00,
    );

  it.each([
    // Month-end charges: Jan 31 → Feb 28 (29 in a leap year) → Mar 31.
    ['2025-01-31', 12, '2026-01-15', '2026-01-31'],
    ['2025-02-28', 12, '2026-02-02', '2026-02-28'],
    ['2027-02-28', 12, '2028-02-01', '2028-02-29'],
    ['2025-02-28', 12, '2026-02-28', '2026-02-28'],
    ['2025-03-31', 12, '2026-03-01', '2026-03-31'],
  ])('charges from the end of %s (%i of them), today %s → next due %s', (first, count, today, next) => {
    const rows = monthEnd(first, count);
    expect(detectSubscriptions(rows, { today })[0]?.estimatedNextDue).toBe(next);
  });

  it('keeps a charge on the 30th on the 30th after February', () => {
    const rows = series(dueDays('2025-01-30', { months: 1 }, 14), 20_00);
    expect(rows.map((r) => r.date).slice(0, 3)).toEqual(['2025-01-30', '2025-02-28', '2025-03-30']);
    expect(detectSubscriptions(rows, { today: '2026-03-01' })[0]?.estimatedNextDue).toBe('2026-03-30');
  });

  it('reads a charge a day late across a month end as late, not as a new day of the month', () => {
    const prime: Merchant = {
      merchantName: 'Amazon Prime',
      description: 'AMAZON PRIME*2K4L91RT2 AMZN.COM/BILL WA',
    };
    const rows = [charge('2025-04-30', -139_00, prime), charge('2026-05-01', -139_00, prime)];
    expect(detectSubscriptions(rows, { today: '2026-11-22' })[0]?.estimatedNextDue).toBe('2027-04-30');
  });

  it('counts from the due day, not from a late charge', () => {
    const days = dueDays('2025-12-10', { months: 1 }, 11);
    const rows = series(days, 9_99).map((r, i) => (i === 10 ? { ...r, date: addDays(r.date, 3) } : r));
    expect(detectSubscriptions(rows, { today: '2026-10-14' })[0]?.estimatedNextDue).toBe('2026-11-10');
  });

  it('moves the next due date to today or later after a missed charge', () => {
    const rows = series(dueDays('2025-10-05', { months: 1 }, 12), 9_99);
    const [found] = detectSubscriptions(rows, { today: '2026-10-20' });
    expect(found?.lastChargeDate).toBe('2026-09-05');
    expect(found?.estimatedNextDue).toBe('2026-11-05');
    expect(detectSubscriptions(rows, { today: '2026-10-05' })[0]?.estimatedNextDue).toBe('2026-10-05');
  });
});

describe('detectSubscriptions: confidence and order', () => {
  const today = '2026-11-22';

  it('is surer of a clean pattern than of a noisy one, and sorts by confidence then name', () => {
    const clean = series(dueDays('2024-12-09', { months: 1 }, 24), 11_99, {
      merchantName: 'Spotify',
      description: 'SPOTIFY USA',
    });
    const noisyDays = dueDays('2024-12-14', { months: 1 }, 24).filter((_, i) => i !== 6 && i !== 15);
    const noisy = [
      ...series(noisyDays, 15_49, NETFLIX, { jitter: [0, 4, -3, 5, 2, -4] }),
      charge('2025-04-02', -3_99),
      charge('2025-09-21', -7_99),
      charge('2026-02-25', -15_49),
    ];
    const short = series(dueDays('2026-08-24', { months: 1 }, 3), 11_99, {
      merchantName: 'Dropbox',
      description: 'DROPBOX',
      providerCategory: 'GENERAL_SERVICES_STORAGE',
    });
    const found = detectSubscriptions([...short, ...noisy, ...clean], { today });
    expect(found.map((d) => d.merchantName)).toEqual(['Spotify', 'Netflix', 'Dropbox']);
    const [spotify, netflix, dropbox] = found.map((d) => d.confidence);
    expect(spotify).toBeGreaterThan(netflix!);
    expect(netflix).toBeGreaterThan(dropbox!);
    expect(spotify).toBeGreaterThanOrEqual(0.8);
    for (const c of [spotify, netflix, dropbox]) expect(c).toBeGreaterThanOrEqual(0.5);
    expect(found[2]?.category).toBe(SC.Software);
  });

  it('orders equal confidences by name', () => {
    const a = series(dueDays('2025-12-09', { months: 1 }, 12), 5_00, {
      merchantName: 'Zeta',
      description: 'ZETA',
    });
    const b = series(dueDays('2025-12-09', { months: 1 }, 12), 5_00, {
      merchantName: 'Alpha',
      description: 'ALPHA',
    });
    expect(detectSubscriptions([...a, ...b], { today }).map((d) => d.merchantName)).toEqual([
      'Alpha',
      'Zeta',
    ]);
  });

  it('names a merchant without a name by its tidied descriptor', () => {
    const rows = series(dueDays('2025-12-24', { months: 1 }, 11), 11_99).map((r, i) => ({
      ...r,
      merchantName: null,
      description: `DROPBOX*${i}K${i}Q2 DROPBOX.COM CA`,
      providerCategory: 'GENERAL_SERVICES_STORAGE',
    }));
    const [found] = detectSubscriptions(rows, { today: '2026-11-20' });
    expect(found).toMatchObject({
      merchantKey: 'dropbox dropbox.com',
      merchantName: 'Dropbox Dropbox.com',
      category: SC.Software,
    });
  });
});

describe('guessRecurrence', () => {
  const at = (...dates: string[]) => dates.map((date) => ({ date, amount: -10_00 }));

  it.each<[string, { date: string; amount: Cents }[], string, SubscriptionFrequency, string]>([
    ['one charge: monthly from it', at('2026-11-10'), '2026-11-20', F.Monthly, '2026-12-10'],
    ['one charge on the 31st', at('2026-01-31'), '2026-02-01', F.Monthly, '2026-02-28'],
    ['one old charge: the next due after today', at('2026-05-15'), '2026-11-20', F.Monthly, '2026-12-15'],
    ['a charge due today: the next one', at('2026-10-20'), '2026-11-20', F.Monthly, '2026-12-20'],
    [
      'weekly',
      at('2026-10-07', '2026-10-14', '2026-10-22', '2026-10-28', '2026-11-04'),
      '2026-11-06',
      F.Weekly,
      '2026-11-11',
    ],
    [
      'bi-weekly',
      at('2026-09-04', '2026-09-18', '2026-10-02', '2026-10-16'),
      '2026-10-20',
      F.BiWeekly,
      '2026-10-30',
    ],
    [
      'monthly with jitter',
      at('2026-07-14', '2026-08-15', '2026-09-14', '2026-10-16'),
      '2026-10-20',
      F.Monthly,
      '2026-11-14',
    ],
    [
      'quarterly',
      at('2026-01-05', '2026-04-06', '2026-07-05', '2026-10-05'),
      '2026-10-20',
      F.Quarterly,
      '2027-01-05',
    ],
    ['semi-annual', at('2025-05-20', '2025-11-20', '2026-05-21'), '2026-10-20', F.SemiAnnual, '2026-11-20'],
    ['annual', at('2024-03-09', '2025-03-10'), '2025-11-20', F.Annual, '2026-03-09'],
    [
      'irregular: monthly from the last',
      at('2026-01-03', '2026-01-20', '2026-04-11', '2026-04-15'),
      '2026-05-01',
      F.Monthly,
      '2026-05-15',
    ],
    [
      'order does not matter',
      at('2026-10-14', '2026-08-14', '2026-09-14'),
      '2026-10-20',
      F.Monthly,
      '2026-11-14',
    ],
  ])('%s', (_, charges, today, frequency, nextDueDate) => {
    expect(guessRecurrence(charges, today)).toEqual({ frequency, nextDueDate });
  });

  it('needs at least one charge', () => {
    expect(() => guessRecurrence([], '2026-11-20')).toThrow(RangeError);
  });
});
