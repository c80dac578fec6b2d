/**
 * Subscription detection: accuracy against known ground truth, and speed. `npm run bench:detection [-- options]`.
 * No database: every history is built in memory. See BENCHMARKS.md, "Results — subscription detection".
 *
 *   --users=24      generated people (each with ~two years of everyday spending, bills and subscriptions)
 *   --seed=…        the generated people's seed (default tally-detection-bench)
 *   --runs=7        timed runs per history size (after one warm-up); the median is reported
 *   --write         replace the block between <!-- detection:start --> and <!-- detection:end --> in BENCHMARKS.md
 *   --verbose       list every false positive and false negative
 *
 * Ground truth comes from two places:
 * - The demo bank (apps/server/src/providers/bank/demo): four households (seeds and today values below); its
 *   recurring items of kind 'subscription' are the truth, everything else it generates is not.
 * - Generated people in the style of bench/generate.ts: each takes a share of the demo catalogue's
 *   subscriptions and of a list of further ones (every cadence, and memberships at shops they also buy from),
 *   each on their own day, with realistic noise (below). Their other spending comes from the catalogue's
 *   everyday merchants, plus routines that look periodic and are not subscriptions.
 *
 * A subscription is *knowable* (a positive) when it is still billing today and its charges in the window
 * reach the count detection needs: 4 weekly or bi-weekly, 3 monthly, quarterly or semi-annual, 2 annual.
 * One that was cancelled (it stopped at least three periods, and 60 days, before today) is a negative:
 * suggesting it is a false positive. One still billing with fewer charges is neither, and is counted apart ("too new").
 * A detection is a true positive when its merchantKey is a positive's key (the key its charges group under).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  addDays,
  CATEGORY,
  type Cents,
  categoryFromProvider,
  chargeAt,
  type Detection,
  type DetectionTransaction,
  dayOfWeek,
  daysBetween,
  detectSubscriptions,
  SUBSCRIPTION_FREQUENCIES as F,
  FREQUENCY_LABELS,
  type SubscriptionFrequency,
  subscriptionMerchantKey,
} from '@tally/shared';
import {
  DEMO_RECURRING,
  type DemoRecurring,
  fillDescription,
  primaryCategoryOf,
  STREAMS,
} from '../apps/server/src/providers/bank/demo/catalogue';
import { generateHistory } from '../apps/server/src/providers/bank/demo/generator';
import { createRandom, type Random } from '../apps/server/src/providers/bank/demo/random';
import { writeResults } from './benchmarks-file';
import { EMPLOYERS, LANDLORDS } from './lib/people';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '24' },
    seed: { type: 'string', default: 'tally-detection-bench' },
    runs: { type: 'string', default: '7' },
    write: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const USERS = Number(values.users);
const RUNS = Number(values.runs);
if (!(Number.isInteger(USERS) && USERS >= 1)) throw new Error('--users must be a whole number ≥ 1');
if (!(Number.isInteger(RUNS) && RUNS >= 1)) throw new Error('--runs must be a whole number ≥ 1');

const SEED = values.seed;
const HISTORY_DAYS = 730;
/** The people's today values: month ends, a leap day's year, mid-month. */
const TODAYS = ['2026-11-22', '2026-03-31', '2025-08-15', '2027-01-31', '2028-03-01', '2026-06-30'];
const DEMO_HOUSEHOLDS = [
  { seed: 'tally-demo', today: '2026-11-22' },
  { seed: 'household-2', today: '2025-03-05' },
  { seed: 'household-3', today: '2027-06-30' },
  { seed: 'household-4', today: '2026-02-28' },
];

type Cadence = 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'semiannual' | 'annual';
const FREQUENCY: Record<Cadence, SubscriptionFrequency> = {
  weekly: F.Weekly,
  biweekly: F.BiWeekly,
  monthly: F.Monthly,
  quarterly: F.Quarterly,
  semiannual: F.SemiAnnual,
  annual: F.Annual,
};
/** Days per period, for cancellations and "too new". */
const PERIOD_DAYS: Record<Cadence, number> = {
  weekly: 7,
  biweekly: 14,
  monthly: 30.44,
  quarterly: 91.3,
  semiannual: 182.6,
  annual: 365.25,
};
/** Charges a pattern needs before it is knowable (the rule detection implements). */
const KNOWABLE: Record<Cadence, number> = {
  weekly: 4,
  biweekly: 4,
  monthly: 3,
  quarterly: 3,
  semiannual: 3,
  annual: 2,
};

// ---------------------------------------------------------------------------------------------------------
// Histories and their truth

type Truth = {
  name: string;
  key: string;
  cadence: Cadence;
  /** Its charges in the window, oldest first. */
  charges: { id: string; date: string; amount: Cents }[];
  /** Still billing on today. */
  active: boolean;
  /** The latest price change visible in the window: the price before and the first charge after. */
  priceChange: { previousAmount: Cents; date: string } | null;
  /** The next due day on or after today, when active (generated people only; the demo's own otherwise). */
  nextDue: string | null;
  /** What was done to it: 'jitter', 'skipped', 'price rise', 'one-offs', … */
  noise: string[];
  /** Its merchant also sells other things the person buys. */
  busyMerchant: boolean;
};

type History = {
  label: string;
  source: 'demo' | 'generated';
  today: string;
  rows: DetectionTransaction[];
  truth: Truth[];
};

const isKnowable = (t: Truth) => t.active && t.charges.length >= KNOWABLE[t.cadence];

/** As the import stores a provider row (apps/server/src/features/accounts/apply-page.ts). */
function stored(row: {
  id: string;
  date: string;
  amount: Cents;
  merchantName: string | null;
  description: string;
  detailed: string;
}): DetectionTransaction {
  const primary = primaryCategoryOf(row.detailed);
  const isTransfer =
    primary === 'TRANSFER_IN' ||
    primary === 'TRANSFER_OUT' ||
    row.detailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';
  return {
    id: row.id,
    date: row.date,
    amount: row.amount,
    merchantName: row.merchantName,
    description: row.description,
    category: isTransfer ? CATEGORY.Uncategorized : categoryFromProvider(primary, row.detailed),
    providerCategory: row.detailed,
    isTransfer,
  };
}

/** The latest change between consecutive charges' prices. */
function latestChange(charges: readonly { date: string; amount: Cents }[]): Truth['priceChange'] {
  for (let i = charges.length - 1; i > 0; i--) {
    const now = charges[i];
    const before = charges[i - 1];
    if (now && before && now.amount !== before.amount)
      return { previousAmount: before.amount, date: now.date };
  }
  return null;
}

function demoHistory(seed: string, today: string): History {
  const history = generateHistory({ seed, today });
  const rows = history.institutions.flatMap((i) =>
    i.transactions.map((t) =>
      stored({
        id: t.providerTransactionId,
        date: t.date,
        amount: t.amount,
        merchantName: t.merchantName,
        description: t.description,
        detailed: t.categoryDetailed ?? `${t.categoryPrimary}_OTHER`,
      }),
    ),
  );
  const truth = history.recurring
    .filter((r) => r.kind === 'subscription')
    .map((r): Truth => {
      const charges = r.charges.map((c) => ({ id: c.transactionId, date: c.date, amount: -c.amount }));
      return {
        name: r.name,
        key: subscriptionMerchantKey(r.merchantName, r.description),
        cadence: r.cadence,
        charges,
        active: true,
        priceChange: latestChange(charges),
        nextDue: r.nextDate,
        noise: r.priceChanges.length > 0 ? ['price rise'] : [],
        busyMerchant: false,
      };
    });
  return { label: `demo ${seed} @ ${today}`, source: 'demo', today, rows, truth };
}

// ---------------------------------------------------------------------------------------------------------
// Generated people

/** A subscription a person may hold, beyond the demo catalogue's: every cadence, and memberships at shops. */
type Offer = {
  id: string;
  name: string;
  merchantName: string;
  description: string;
  detailed: string;
  cadence: Cadence;
  price: Cents;
  /** Share of people who hold it. */
  share: number;
  /** Price changes relative to today (the demo catalogue's), in days before today. */
  changes?: readonly { daysBeforeToday: number; price: Cents }[];
  /** Purchases at the same merchant (name) that are not the subscription. */
  alongside?: { descriptions: readonly string[]; min: Cents; max: Cents; perWeek: number; detailed: string };
};

const fromCatalogue = (r: DemoRecurring): Offer => ({
  id: r.id,
  name: r.name,
  merchantName: r.merchantName ?? r.name,
  description: r.description,
  detailed: r.categoryDetailed,
  cadence: r.cadence as Cadence,
  price: -(r.amount ?? 0),
  share: 0.5,
  changes: r.priceChanges.map((c) => ({ daysBeforeToday: c.daysBeforeAnchor, price: -c.amount })),
});

const OFFERS: readonly Offer[] = [
  ...DEMO_RECURRING.filter((r) => r.kind === 'subscription').map(fromCatalogue),
  // Monthly
  {
    id: 'hulu',
    name: 'Hulu',
    merchantName: 'Hulu',
    description: 'HULU 877-8244858 CA',
    detailed: 'ENTERTAINMENT_TV_AND_MOVIES',
    cadence: 'monthly',
    price: 17_99,
    share: 0.3,
  },
  {
    id: 'youtube',
    name: 'YouTube Premium',
    merchantName: 'YouTube Premium',
    description: 'GOOGLE *YOUTUBEPREMIUM G.CO/HELPPAY# CA',
    detailed: 'ENTERTAINMENT_TV_AND_MOVIES',
    cadence: 'monthly',
    price: 13_99,
    share: 0.25,
  },
  {
    id: 'icloud',
    name: 'iCloud+',
    merchantName: 'Apple',
    description: 'APPLE.COM/BILL 866-712-7753 CA',
    detailed: 'GENERAL_SERVICES_STORAGE',
    cadence: 'monthly',
    price: 2_99,
    share: 0.35,
    // App Store purchases under the same name and descriptor: the look-alikes are real and frequent.
    alongside: {
      descriptions: ['APPLE.COM/BILL 866-712-7753 CA'],
      min: 99,
      max: 19_99,
      perWeek: 0.25,
      detailed: 'ENTERTAINMENT_VIDEO_GAMES',
    },
  },
  {
    id: 'nytimes',
    name: 'New York Times',
    merchantName: 'The New York Times',
    description: 'NYTIMES*NYTIMES DIGITAL 800-698-4637 NY',
    detailed: 'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS',
    cadence: 'monthly',
    price: 17_00,
    share: 0.15,
  },
  {
    id: 'gamepass',
    name: 'Xbox Game Pass',
    merchantName: 'Microsoft',
    description: 'MICROSOFT*XBOX 800-642-7676 WA',
    detailed: 'ENTERTAINMENT_VIDEO_GAMES',
    cadence: 'monthly',
    price: 16_99,
    share: 0.15,
  },
  {
    id: 'adobe',
    name: 'Adobe Creative Cloud',
    merchantName: 'Adobe',
    description: 'ADOBE *CREATIVE CLD 408-536-6000 CA',
    detailed: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
    cadence: 'monthly',
    price: 22_99,
    share: 0.12,
  },
  {
    id: 'dashpass',
    name: 'DashPass',
    merchantName: 'DoorDash',
    description: 'DOORDASH DASHPASS WWW.DOORDASH. CA',
    detailed: 'FOOD_AND_DRINK_RESTAURANT',
    cadence: 'monthly',
    price: 9_99,
    share: 0.2,
    alongside: {
      descriptions: ['DOORDASH*{code} WWW.DOORDASH. CA'],
      min: 18_00,
      max: 68_00,
      perWeek: 1.2,
      detailed: 'FOOD_AND_DRINK_RESTAURANT',
    },
  },
  {
    id: 'uberone',
    name: 'Uber One',
    merchantName: 'Uber',
    description: 'UBER *ONE HELP.UBER.COM CA',
    detailed: 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
    cadence: 'monthly',
    price: 9_99,
    share: 0.15,
    alongside: {
      descriptions: ['UBER *TRIP HELP.UBER.COM CA'],
      min: 9_00,
      max: 42_00,
      perWeek: 1.5,
      detailed: 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
    },
  },
  // Quarterly
  {
    id: 'fabfitfun',
    name: 'FabFitFun box',
    merchantName: 'FabFitFun',
    description: 'FABFITFUN 888-264-4880 CA',
    detailed: 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
    cadence: 'quarterly',
    price: 59_99,
    share: 0.2,
  },
  {
    id: 'dsc',
    name: 'Dollar Shave Club',
    merchantName: 'Dollar Shave Club',
    description: 'DOLLAR SHAVE CLUB 310-975-8528 CA',
    detailed: 'PERSONAL_CARE_HAIR_AND_BEAUTY',
    cadence: 'quarterly',
    price: 27_00,
    share: 0.2,
  },
  // Semi-annual
  {
    id: 'siriusxm',
    name: 'SiriusXM',
    merchantName: 'SiriusXM',
    description: 'SIRIUSXM*RADIO 888-635-5144 NY',
    detailed: 'ENTERTAINMENT_MUSIC_AND_AUDIO',
    cadence: 'semiannual',
    price: 83_94,
    share: 0.2,
  },
  {
    id: 'nordvpn',
    name: 'NordVPN',
    merchantName: 'NordVPN',
    description: 'NORDVPN* NORDVPN.COM PA',
    detailed: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
    cadence: 'semiannual',
    price: 59_88,
    share: 0.2,
  },
  // Bi-weekly
  {
    id: 'misfits',
    name: 'Misfits Market box',
    merchantName: 'Misfits Market',
    description: 'MISFITS MARKET MISFITSMARKET. PA',
    detailed: 'FOOD_AND_DRINK_GROCERIES',
    cadence: 'biweekly',
    price: 42_50,
    share: 0.2,
  },
  {
    id: 'rover',
    name: 'Dog walking plan',
    merchantName: 'Rover',
    description: 'ROVER.COM 888-727-1140 WA',
    detailed: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
    cadence: 'biweekly',
    price: 120_00,
    share: 0.15,
  },
  // Weekly
  {
    id: 'factor',
    name: 'Factor meals',
    merchantName: 'Factor',
    description: 'FACTOR75 FACTOR75.COM IL',
    detailed: 'FOOD_AND_DRINK_RESTAURANT',
    cadence: 'weekly',
    price: 65_94,
    share: 0.12,
  },
  // Annual
  {
    id: 'costco',
    name: 'Costco membership',
    merchantName: 'Costco',
    description: 'COSTCO *ANNUAL RENEWAL 800-774-2678 WA',
    detailed: 'GENERAL_MERCHANDISE_SUPERSTORES',
    cadence: 'annual',
    price: 65_00,
    share: 0.25,
    alongside: {
      descriptions: ['COSTCO WHSE #0144 SAN FRANCISCO CA'],
      min: 60_00,
      max: 380_00,
      perWeek: 0.5,
      detailed: 'GENERAL_MERCHANDISE_SUPERSTORES',
    },
  },
  {
    id: 'duolingo',
    name: 'Duolingo Super',
    merchantName: 'Duolingo',
    description: 'DUOLINGO*SUPER DUOLINGO.COM PA',
    detailed: 'GENERAL_SERVICES_EDUCATION',
    cadence: 'annual',
    price: 83_99,
    share: 0.15,
  },
];

/** Everyday merchants of the demo catalogue, flattened as bench/generate.ts does. */
const SHOPS = STREAMS.filter((s) => s.sign === -1).flatMap((stream) => {
  const weights = stream.merchants.reduce((sum, m) => sum + (m.weight ?? 1), 0);
  const weekdays = stream.weekdays ?? [1, 1, 1, 1, 1, 1, 1];
  const mean = weekdays.reduce((a, b) => a + b, 0) / 7;
  return stream.merchants.map((m) => ({
    name: m.name,
    descriptions: m.descriptions,
    min: m.min,
    max: m.max,
    amounts: m.amounts,
    detailed: m.detailed ?? stream.detailed,
    perWeek: (stream.perWeek * (m.weight ?? 1)) / weights,
    weekdays: weekdays.map((w) => w / mean),
    months: stream.months,
    refundRate: m.refundRate ?? 0,
  }));
});

const EPOCH = '1970-01-01';
const isoCache = new Map<number, string>();
function iso(day: number): string {
  let out = isoCache.get(day);
  if (!out) {
    out = addDays(EPOCH, day);
    isoCache.set(day, out);
  }
  return out;
}
const dayNumber = (date: string) => daysBetween(EPOCH, date);

/** Prices end the way they did: .99 stays .99, whole dollars stay whole. */
function raised(price: Cents, factor: number): Cents {
  const raw = price * factor;
  if (price % 100 === 99) return Math.max(price + 100, Math.round(raw / 100) * 100 - 1);
  return Math.max(price + 100, Math.round(raw / 100) * 100);
}

/** When the bank dates a charge relative to its due day: card posting lag, weekends, an early run. */
function postingShift(r: Random, ach: boolean, due: number): number {
  if (ach) {
    // ACH debits move off weekends to the Monday.
    const weekday = dayOfWeek(iso(due));
    return weekday === 6 ? 2 : weekday === 0 ? 1 : 0;
  }
  const roll = r.next();
  if (roll < 0.55) return 0;
  if (roll < 0.8) return 1;
  if (roll < 0.9) return 2;
  if (roll < 0.95) return 3;
  return roll < 0.98 ? -1 : -2;
}

type Row = Parameters<typeof stored>[0];

function generatedPerson(index: number): History {
  const r = createRandom(`${SEED}|person|${index}`);
  const today = TODAYS[index % TODAYS.length] as string;
  const end = dayNumber(today);
  const start = end - HISTORY_DAYS + 1;
  // Most people bank lightly or moderately; a few heavily.
  const activity = index % 11 === 5 ? 4 : 0.6 + r.next() * 1.4;
  const rows: Row[] = [];
  let nextId = 0;
  const add = (
    day: number,
    amount: Cents,
    merchantName: string | null,
    description: string,
    detailed: string,
  ) => {
    if (day < start || day > end) return null;
    nextId += 1;
    const row = { id: `p${index}-${nextId}`, date: iso(day), amount, merchantName, description, detailed };
    rows.push(row);
    return row;
  };

  // Everyday spending at the catalogue's merchants, at the person's own stores.
  const busyNames = new Set<string>();
  for (const shop of SHOPS) {
    if (!r.chance(0.75)) continue;
    const rate = (shop.perWeek / 7) * activity * Math.exp(r.normal() * 0.6);
    const descriptions = shop.descriptions.slice(0, r.int(1, shop.descriptions.length));
    if (shop.name) busyNames.add(shop.name);
    for (let day = start; day <= end; day++) {
      const weekday = dayOfWeek(iso(day));
      const month = Number(iso(day).slice(5, 7));
      const count = r.poisson(rate * (shop.weekdays[weekday] ?? 1) * (shop.months?.[month - 1] ?? 1));
      for (let n = 0; n < count; n++) {
        const cents = shop.amounts ? r.pick(shop.amounts) : r.cents(shop.min, shop.max);
        const description = fillDescription(r.pick(descriptions), r);
        add(day, -cents, shop.name, description, shop.detailed);
        if (r.chance(shop.refundRate)) {
          const back = r.chance(0.75) ? cents : Math.round(cents * (0.2 + 0.4 * r.next()));
          add(day + r.int(4, 21), back, shop.name, `REFUND - ${description}`, shop.detailed);
        }
      }
    }
  }

  // Routines that repeat and are not subscriptions.
  if (r.chance(0.35)) {
    // The weekly shop, on one weekday, a different basket every time.
    const weekday = r.int(0, 6);
    for (let day = start; day <= end; day++) {
      if (dayOfWeek(iso(day)) === weekday && r.chance(0.85)) {
        add(
          day + (r.chance(0.15) ? 1 : 0),
          -r.cents(35_00, 160_00),
          "Trader Joe's",
          "TRADER JOE'S #552 SAN FRANCISCO CA",
          'FOOD_AND_DRINK_GROCERIES',
        );
      }
    }
  }
  if (r.chance(0.3)) {
    // The same coffee most workday mornings.
    const price = r.pick([4_75, 5_25, 5_75, 6_10]);
    for (let day = start; day <= end; day++) {
      const weekday = dayOfWeek(iso(day));
      if (weekday >= 1 && weekday <= 5 && r.chance(0.7)) {
        add(
          day,
          -(r.chance(0.8) ? price : r.cents(3_50, 14_00)),
          'Blue Bottle Coffee',
          'BLUE BOTTLE COFFEE SAN FRANCISCO CA',
          'FOOD_AND_DRINK_COFFEE',
        );
      }
    }
  }
  if (r.chance(0.4)) {
    // A haircut every four to seven weeks, always the same price.
    const price = r.pick([35_00, 45_00, 60_00]);
    for (let day = start + r.int(0, 30); day <= end; day += r.int(28, 49)) {
      add(
        day,
        -price,
        "People's Barber",
        "SQ *PEOPLE'S BARBER San Francisco CA",
        'PERSONAL_CARE_HAIR_AND_BEAUTY',
      );
    }
  }

  // Pay, rent, bills, loans and transfers: recurring, and not subscriptions.
  const employer = r.pick(EMPLOYERS);
  const payPhase = r.int(0, 13);
  const pay = r.int(2_400, 5_600) * 100;
  const rent = r.int(1_400, 4_200) * 100;
  const landlord = r.pick(LANDLORDS);
  const insurance = r.int(80, 190) * 100 + 37;
  const loan = r.chance(0.4) ? r.int(250, 700) * 100 : 0;
  const saving = r.int(1, 8) * 100_00;
  const roommate = r.chance(0.3) ? r.int(400, 1_200) * 100 : 0;
  for (let day = start; day <= end; day++) {
    const date = iso(day);
    const dom = Number(date.slice(8, 10));
    const weekday = dayOfWeek(date);
    const business = weekday === 6 ? 2 : weekday === 0 ? 1 : 0;
    if (weekday === 5 && ((day + payPhase) / 7) % 2 < 1)
      add(day, pay, employer, `${employer} PAYROLL PPD ID: 9${index}0031`, 'INCOME_WAGES');
    if (dom === 1)
      add(day + business, -rent, landlord, `${landlord} RENT WEB PMTS`, 'RENT_AND_UTILITIES_RENT');
    if (dom === 5)
      add(day, -79_99, 'Xfinity', 'COMCAST XFINITY 800-266-2278 CA', 'RENT_AND_UTILITIES_INTERNET_AND_CABLE');
    if (dom === 10)
      add(
        day + business,
        -Math.round(90_00 * Math.exp(r.normal() * 0.3)),
        null,
        'PGANDE WEB ONLINE PPD ID: 9494260001',
        'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
      );
    if (dom === 12)
      add(
        day + business,
        -insurance,
        'GEICO',
        'GEICO *AUTO PPD ID: 0000361245',
        'GENERAL_SERVICES_INSURANCE',
      );
    if (dom === 20)
      add(day, -87_43, 'Verizon', 'VZWRLSS*MY VZ VB P 800-922-0204 FL', 'RENT_AND_UTILITIES_TELEPHONE');
    if (dom === 8 && loan)
      add(
        day + business,
        -loan,
        null,
        'TOYOTA FINANCIAL SVCS PMT PPD ID: 3912004477',
        'LOAN_PAYMENTS_CAR_PAYMENT',
      );
    if (dom === 3) add(day, -saving, null, 'ONLINE TRANSFER TO SAV XXXXXX7788', 'TRANSFER_OUT_SAVINGS');
    if (dom === 25)
      add(
        day + business,
        -r.int(400, 3_000) * 100,
        null,
        'CHASE CREDIT CRD AUTOPAY PPD',
        'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
      );
    if (dom === 28 && roommate)
      add(
        day,
        -roommate,
        'Venmo',
        `VENMO PAYMENT ${r.digits(10)} WEB ID: 3264681992`,
        'TRANSFER_OUT_ACCOUNT_TRANSFER',
      );
    if (dom === 28) add(day, r.int(300, 4_000), null, 'INTEREST PAYMENT', 'INCOME_INTEREST_EARNED');
  }

  // Subscriptions, each on the person's own day, with the noise real feeds have.
  const truth: Truth[] = [];
  for (const offer of OFFERS) {
    if (!r.chance(offer.share)) continue;
    const noise: string[] = ['jitter'];
    const frequency = FREQUENCY[offer.cadence];
    const period = PERIOD_DAYS[offer.cadence];
    // The anchor: a due day before the window (or after it began, for a new subscription).
    const isNew = r.chance(0.25);
    const firstDue = isNew ? start + r.int(20, HISTORY_DAYS - 40) : start - r.int(0, Math.ceil(period) - 1);
    const anchor =
      offer.cadence === 'monthly' && r.chance(0.2)
        ? iso(firstDue).slice(0, 8) + String(r.int(29, 31))
        : iso(firstDue);
    const anchorDay = (() => {
      // 29–31 only where the month has that day; otherwise the month's last day.
      const month = anchor.slice(0, 7);
      const wanted = Number(anchor.slice(8, 10));
      for (let d = wanted; d >= 28; d--) {
        const candidate = `${month}-${String(d).padStart(2, '0')}`;
        if (iso(dayNumber(candidate)) === candidate) return candidate;
      }
      return anchor;
    })();
    const cancelled = !isNew && r.chance(0.12);
    const cancelAt = cancelled
      ? end - Math.round(Math.max(3 * period, 60) + period * r.next() * 4)
      : Number.POSITIVE_INFINITY;
    if (cancelled) noise.push('cancelled');
    const ach = r.chance(0.2);
    let price = offer.price;
    const catalogueChanges = offer.changes ?? [];
    const rise = catalogueChanges.length === 0 && r.chance(0.25) ? r.next() : null;
    if (catalogueChanges.length > 0 || rise !== null) noise.push('price rise');
    const skip = new Set<number>();
    const noName = r.chance(0.1);
    if (noName) noise.push('no merchant name');

    const dues: number[] = [];
    for (let k = 0; ; k++) {
      const due = dayNumber(chargeAt(anchorDay, frequency, k));
      if (due > end || due > cancelAt) break;
      if (due >= start - 3) dues.push(due);
    }
    if (dues.length > 4 && r.chance(0.2)) {
      // A skipped charge (a failed payment, a paused month), never the latest.
      skip.add(r.int(1, dues.length - 2));
      noise.push('skipped');
    }
    if ((offer.cadence === 'weekly' || offer.cadence === 'biweekly') && r.chance(0.3)) {
      // Boxes and meal kits: skipping a delivery now and then is what people do.
      for (let k = 1; k < dues.length - 1; k++) if (r.chance(0.12)) skip.add(k);
      noise.push('skips weeks');
    }
    const riseAt = rise !== null ? Math.floor(dues.length * (0.4 + 0.55 * rise)) : -1;
    const charges: Truth['charges'] = [];
    let lastChargedDue = Number.NEGATIVE_INFINITY;
    // Where its charges group: the truth's key is the one most of them share.
    const keys = new Map<string, number>();
    dues.forEach((due, k) => {
      if (skip.has(k)) return;
      for (const change of catalogueChanges) if (due >= end - change.daysBeforeToday) price = change.price;
      if (k === riseAt) price = raised(price, 1.05 + 0.25 * r.next());
      let shift = postingShift(r, ach, due);
      if (r.chance(0.02)) {
        // Declined, retried a few days later.
        shift = r.int(3, 5);
        if (!noise.includes('retry')) noise.push('retry');
      }
      const description = fillDescription(offer.description, r);
      const row = add(due + shift, -price, noName ? null : offer.merchantName, description, offer.detailed);
      if (!row) return;
      charges.push({ id: row.id, date: row.date, amount: price });
      lastChargedDue = due;
      keys.set(
        subscriptionMerchantKey(row.merchantName, description),
        (keys.get(subscriptionMerchantKey(row.merchantName, description)) ?? 0) + 1,
      );
      if (r.chance(0.03)) {
        // Pending and posted copies both in the feed.
        add(due + shift, -price, row.merchantName, description, offer.detailed);
        if (!noise.includes('duplicate')) noise.push('duplicate');
      }
    });
    if (charges.length === 0) continue;
    const merchantName = noName ? null : offer.merchantName;
    const lastDay = dayNumber(charges.at(-1)?.date ?? today);
    const firstDay = dayNumber(charges[0]?.date ?? today);
    if (r.chance(0.25)) {
      // Look-alike one-offs at the same merchant: other prices, off the schedule.
      const count = r.int(1, 4);
      for (let n = 0; n < count; n++) {
        const amount = Math.round((price * (0.3 + r.next() * 2.5)) / 100) * 100 - (r.chance(0.5) ? 1 : 0);
        if (amount === price) continue;
        add(
          r.int(firstDay, lastDay),
          -amount,
          merchantName,
          fillDescription(offer.description, r),
          offer.detailed,
        );
      }
      noise.push('one-offs');
    }
    if (r.chance(0.12)) {
      const refunded = r.pick(charges);
      add(
        dayNumber(refunded.date) + r.int(1, 10),
        refunded.amount,
        merchantName,
        `REFUND ${fillDescription(offer.description, r)}`,
        offer.detailed,
      );
      noise.push('refund');
    }
    if (r.chance(0.04) && charges.length >= 4) {
      // Billed twice in a month, at the same price.
      add(
        r.int(firstDay, lastDay),
        -price,
        merchantName,
        fillDescription(offer.description, r),
        offer.detailed,
      );
      noise.push('double bill');
    }
    let busy = merchantName !== null && busyNames.has(merchantName);
    if (offer.alongside && r.chance(0.8)) {
      busy = true;
      const a = offer.alongside;
      for (let day = start; day <= end; day++) {
        const count = r.poisson((a.perWeek / 7) * activity);
        for (let n = 0; n < count; n++) {
          add(
            day,
            -r.cents(a.min, a.max),
            merchantName,
            fillDescription(r.pick(a.descriptions), r),
            a.detailed,
          );
        }
      }
    }
    if (busy) noise.push('busy merchant');
    const key = [...keys.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    // The first due day after the last one charged, on or after today (one charged early today is past).
    let nextDue: string | null = null;
    if (!cancelled) {
      for (let k = 0; ; k++) {
        const due = chargeAt(anchorDay, frequency, k);
        if (due >= today && dayNumber(due) > lastChargedDue) {
          nextDue = due;
          break;
        }
      }
    }
    truth.push({
      name: offer.name,
      key,
      cadence: offer.cadence,
      charges,
      active: !cancelled,
      priceChange: latestChange(charges),
      nextDue,
      noise,
      busyMerchant: busy,
    });
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { label: `person ${index} @ ${today}`, source: 'generated', today, rows: rows.map(stored), truth };
}

// ---------------------------------------------------------------------------------------------------------
// Scoring

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

type Scored = {
  history: History;
  detections: Detection[];
  tp: { truth: Truth; detection: Detection }[];
  fp: Detection[];
  fn: Truth[];
  /** Real subscriptions suggested before they are knowable (neither TP nor FP). */
  early: Detection[];
};

function score(history: History): Scored {
  const detections = detectSubscriptions(history.rows, { today: history.today });
  const byKey = new Map(history.truth.map((t) => [t.key, t]));
  const out: Scored = { history, detections, tp: [], fp: [], fn: [], early: [] };
  const found = new Set<string>();
  for (const d of detections) {
    const truth = byKey.get(d.merchantKey);
    if (truth && isKnowable(truth)) {
      out.tp.push({ truth, detection: d });
      found.add(truth.key);
    } else if (truth?.active) out.early.push(d);
    else out.fp.push(d);
  }
  out.fn = history.truth.filter((t) => isKnowable(t) && !found.has(t.key));
  return out;
}

type Totals = {
  histories: number;
  rows: number;
  positives: number;
  tp: number;
  fp: number;
  fn: number;
  cadenceRight: number;
};

function totals(scored: readonly Scored[]): Totals {
  return {
    histories: scored.length,
    rows: scored.reduce((n, s) => n + s.history.rows.length, 0),
    positives: scored.reduce((n, s) => n + s.history.truth.filter(isKnowable).length, 0),
    tp: scored.reduce((n, s) => n + s.tp.length, 0),
    fp: scored.reduce((n, s) => n + s.fp.length, 0),
    fn: scored.reduce((n, s) => n + s.fn.length, 0),
    cadenceRight: scored.reduce(
      (n, s) => n + s.tp.filter((p) => FREQUENCY[p.truth.cadence] === p.detection.frequency).length,
      0,
    ),
  };
}

const ratio = (a: number, b: number) => (b === 0 ? '–' : (a / b).toFixed(3));
const percent = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`);

// ---------------------------------------------------------------------------------------------------------
// Speed

type Timing = {
  label: string;
  rows: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** Median CPU time of the process per run: what the call costs when the machine is shared. */
  cpuMs: number;
  found: string;
};

function timeDetection(label: string, rows: readonly DetectionTransaction[], today: string): Timing {
  detectSubscriptions(rows, { today });
  const times: number[] = [];
  const cpu: number[] = [];
  let detections: Detection[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    detections = detectSubscriptions(rows, { today });
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    label,
    rows: rows.length,
    medianMs: median(times),
    minMs: Math.min(...times),
    maxMs: Math.max(...times),
    cpuMs: median(cpu),
    found: detections.map((d) => `${d.merchantName} (${FREQUENCY_LABELS[d.frequency]})`).join(', '),
  };
}

function demoRows(transactionsPerInstitution: number, today: string): DetectionTransaction[] {
  return generateHistory({ today, transactionsPerInstitution }).institutions.flatMap((i) =>
    i.transactions.map((t) =>
      stored({
        id: t.providerTransactionId,
        date: t.date,
        amount: t.amount,
        merchantName: t.merchantName,
        description: t.description,
        detailed: t.categoryDetailed ?? `${t.categoryPrimary}_OTHER`,
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Run

const started = performance.now();
const log = (message: string) => console.log(message);

log(`building ${DEMO_HOUSEHOLDS.length} demo households and ${USERS} generated people…`);
const histories: History[] = [
  ...DEMO_HOUSEHOLDS.map((h) => demoHistory(h.seed, h.today)),
  ...Array.from({ length: USERS }, (_, i) => generatedPerson(i)),
];
log('detecting…');
const scored = histories.map(score);

log('timing on the demo bank scaled to ~10k and ~100k rows…');
const SPEED_TODAY = '2026-11-22';
const timings = [
  timeDetection('demo bank, 5,000 per institution', demoRows(5_000, SPEED_TODAY), SPEED_TODAY),
  timeDetection('demo bank, 50,000 per institution', demoRows(50_000, SPEED_TODAY), SPEED_TODAY),
];

// ---------------------------------------------------------------------------------------------------------
// Report

const lines: string[] = [];
const cpus = os.cpus();
let commit = 'unknown';
try {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  commit = git('rev-parse', '--short', 'HEAD');
  // Say so when the measured code is not what that commit holds.
  if (git('status', '--porcelain', '--', 'packages/shared/src/subscriptions', 'bench/detection.ts')) {
    commit += ' with uncommitted changes';
  }
} catch {}
const seconds = (performance.now() - started) / 1000;
lines.push(
  `Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} on ${cpus[0]?.model ?? 'unknown CPU'} ` +
    `(${cpus.length} cores), Node ${process.version}, ${os.type()} ${os.release()}: \`npm run bench:detection\` ` +
    `(seed \`${SEED}\`, ${USERS} generated people, today ∈ {${TODAYS.join(', ')}}; demo households ` +
    `${DEMO_HOUSEHOLDS.map((h) => `\`${h.seed}\` @ ${h.today}`).join(', ')}), ${seconds.toFixed(0)} s in all.`,
);
lines.push('');
lines.push('**Accuracy** at the default settings (bills not included):');
lines.push('');
lines.push(
  '| Histories | # | Rows | Knowable subscriptions | TP | FP | FN | Precision | Recall | Cadence right (of TP) |',
);
lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const groups: [string, Scored[]][] = [
  ['Demo bank households', scored.filter((s) => s.history.source === 'demo')],
  ['Generated people', scored.filter((s) => s.history.source === 'generated')],
  ['**All**', scored],
];
for (const [name, group] of groups) {
  const t = totals(group);
  lines.push(
    `| ${name} | ${t.histories} | ${t.rows.toLocaleString('en-US')} | ${t.positives} | ${t.tp} | ${t.fp} | ${t.fn} | ` +
      `${ratio(t.tp, t.tp + t.fp)} | ${ratio(t.tp, t.tp + t.fn)} | ${percent(t.cadenceRight, t.tp)} |`,
  );
}
const all = totals(scored);
const precision = all.tp / Math.max(1, all.tp + all.fp);
const recall = all.tp / Math.max(1, all.tp + all.fn);
const cadence = all.cadenceRight / Math.max(1, all.tp);
lines.push('');
lines.push(
  `Targets: precision ≥ 0.95 (${precision >= 0.95 ? 'met' : '**not met**'}), recall ≥ 0.90 ` +
    `(${recall >= 0.9 ? 'met' : '**not met**'}), cadence right for ≥ 95 % of TPs (${cadence >= 0.95 ? 'met' : '**not met**'}).`,
);

const tps = scored.flatMap((s) => s.tp);
const cadences: Cadence[] = ['weekly', 'biweekly', 'monthly', 'quarterly', 'semiannual', 'annual'];
lines.push('');
lines.push('| Cadence | Knowable | Found | Recall | Cadence right |');
lines.push('|---|---:|---:|---:|---:|');
for (const c of cadences) {
  const positives = scored.flatMap((s) => s.history.truth.filter((t) => isKnowable(t) && t.cadence === c));
  const hits = tps.filter((p) => p.truth.cadence === c);
  const right = hits.filter((p) => p.detection.frequency === FREQUENCY[c]).length;
  lines.push(
    `| ${FREQUENCY_LABELS[FREQUENCY[c]]} | ${positives.length} | ${hits.length} | ${ratio(hits.length, positives.length)} | ${right}/${hits.length} |`,
  );
}

const labels = [
  'price rise',
  'skipped',
  'skips weeks',
  'one-offs',
  'refund',
  'duplicate',
  'double bill',
  'retry',
  'no merchant name',
  'busy merchant',
];
lines.push('');
lines.push('| Noise on the subscription | Knowable | Found | Recall |');
lines.push('|---|---:|---:|---:|');
for (const label of labels) {
  const positives = scored.flatMap((s) =>
    s.history.truth.filter((t) => isKnowable(t) && t.noise.includes(label)),
  );
  const hits = tps.filter((p) => p.truth.noise.includes(label));
  lines.push(`| ${label} | ${positives.length} | ${hits.length} | ${ratio(hits.length, positives.length)} |`);
}

const withChange = tps.filter((p) => p.truth.priceChange);
const changeRight = withChange.filter(
  (p) =>
    p.detection.priceChange?.previousAmount === p.truth.priceChange?.previousAmount &&
    p.detection.priceChange?.date === p.truth.priceChange?.date,
).length;
const steady = tps.filter((p) => !p.truth.priceChange);
const steadyRight = steady.filter((p) => p.detection.priceChange === null).length;
const amountRight = tps.filter((p) => p.detection.amount === p.truth.charges.at(-1)?.amount).length;
const withNext = tps.filter((p) => p.truth.nextDue);
const nextExact = withNext.filter((p) => p.detection.estimatedNextDue === p.truth.nextDue).length;
const nextClose = withNext.filter(
  (p) =>
    p.detection.estimatedNextDue &&
    Math.abs(daysBetween(p.truth.nextDue ?? '', p.detection.estimatedNextDue)) <= 3,
).length;
let relatedTrue = 0;
let relatedAll = 0;
let chargesAll = 0;
for (const p of tps) {
  const ids = new Set(p.truth.charges.map((c) => c.id));
  relatedTrue += p.detection.relatedTransactionIds.filter((id) => ids.has(id)).length;
  relatedAll += p.detection.relatedTransactionIds.length;
  chargesAll += p.truth.charges.length;
}
const high = tps.filter((p) => p.detection.confidence >= 0.8).length;
const medium = tps.filter((p) => p.detection.confidence >= 0.6 && p.detection.confidence < 0.8).length;
const fps = scored.flatMap((s) => s.fp.map((d) => ({ history: s.history, d })));
const cancelled = scored.flatMap((s) =>
  s.history.truth.filter((t) => !t.active && t.charges.length >= KNOWABLE[t.cadence]),
);
const cancelledSuggested = fps.filter((f) =>
  f.history.truth.some((t) => !t.active && t.key === f.d.merchantKey),
).length;
const tooNew = scored.flatMap((s) =>
  s.history.truth.filter((t) => t.active && t.charges.length < KNOWABLE[t.cadence]),
);
const early = scored.reduce((n, s) => n + s.early.length, 0);
lines.push('');
lines.push(
  `- **Price changes**: reported right (previous price and the first charge at the new one) for ` +
    `${changeRight} of ${withChange.length} TPs whose price changed in the window; none reported for ` +
    `${steadyRight} of ${steady.length} whose price held. Latest price right: ${amountRight} of ${tps.length}.`,
);
lines.push(
  `- **Next due day**: exactly the scheduled day for ${nextExact} of ${withNext.length} TPs, within 3 days for ` +
    `${nextClose}. **Related charges**: ${percent(relatedTrue, relatedAll)} of the ids listed are the ` +
    `subscription's charges; they hold ${percent(relatedTrue, chargesAll)} of its charges.`,
);
lines.push(
  `- **Confidence** of the TPs: ${percent(high, tps.length)} High (≥ 0.8, pre-selected), ` +
    `${percent(medium, tps.length)} Medium; median ${median(tps.map((p) => p.detection.confidence)).toFixed(2)}. ` +
    `False positives' confidences: ${fps.map((f) => f.d.confidence.toFixed(2)).join(', ') || 'none'}.`,
);
lines.push(
  `- **Negatives that were subscriptions**: ${cancelled.length} cancelled ones with enough charges (stopped ≥ 3 ` +
    `periods and 60 days ago), ${cancelledSuggested} suggested. ${tooNew.length} too new to be knowable, ${early} of all of ` +
    `those suggested anyway (not scored).`,
);
if (fps.length > 0) {
  lines.push('');
  lines.push('False positives:');
  lines.push('');
  for (const f of fps) {
    const d = f.d;
    lines.push(
      `- ${f.history.label}: ${d.merchantName} — ${FREQUENCY_LABELS[d.frequency]} at ${(d.amount / 100).toFixed(2)}, ` +
        `${d.occurrences} charges, confidence ${d.confidence.toFixed(2)}`,
    );
  }
}
const fns = scored.flatMap((s) => s.fn.map((t) => ({ history: s.history, t })));
if (fns.length > 0) {
  lines.push('');
  lines.push('Missed (false negatives):');
  lines.push('');
  for (const f of fns) {
    lines.push(
      `- ${f.history.label}: ${f.t.name} — ${f.t.cadence}, ${f.t.charges.length} charges; ${f.t.noise.join(', ')}`,
    );
  }
}
lines.push('');
lines.push(
  `**Speed** of \`detectSubscriptions\` alone (median of ${RUNS} runs after a warm-up; the demo bank's history up to ${SPEED_TODAY}, scaled):`,
);
lines.push('');
lines.push(
  '| History | Rows | Median (ms) | Fastest | Slowest | CPU, median (ms) | Aim (pure function) | Found |',
);
lines.push('|---|---:|---:|---:|---:|---:|---:|---|');
for (const t of timings) {
  const target = t.rows > 50_000 ? 300 : 30;
  lines.push(
    `| ${t.label} | ${t.rows.toLocaleString('en-US')} | ${t.medianMs.toFixed(1)} | ${t.minMs.toFixed(1)} | ` +
      `${t.maxMs.toFixed(1)} | ${t.cpuMs.toFixed(1)} | ≤ ${target} ${t.medianMs <= target ? 'ok' : '**over**'} | ` +
      `${t.found} |`,
  );
}
lines.push('');
lines.push(
  `Load average at the end of the timing: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} (1, 5, 15 min) on ${cpus.length} cores; above the core count, wall times include waiting.`,
);

const markdown = lines.join('\n');
console.log(`\n${markdown}`);
if (values.verbose) {
  for (const s of scored) {
    for (const { truth, detection: d } of s.tp) {
      const change = JSON.stringify(truth.priceChange);
      if (JSON.stringify(d.priceChange) !== change || d.amount !== truth.charges.at(-1)?.amount) {
        console.log(
          `price ${s.history.label}: ${truth.name} [${truth.noise.join(', ')}] truth ${change} ` +
            `${truth.charges.map((c) => `${c.date}:${c.amount}`).join(' ')}; found ${JSON.stringify(d.priceChange)} ` +
            `${d.amount}, ${d.occurrences} charges`,
        );
      }
    }
    for (const { truth, detection: d } of s.tp) {
      if (
        truth.nextDue &&
        d.estimatedNextDue &&
        Math.abs(daysBetween(truth.nextDue, d.estimatedNextDue)) > 3
      ) {
        console.log(
          `next due ${s.history.label}: ${truth.name} [${truth.noise.join(', ')}] due ${truth.nextDue}, ` +
            `estimated ${d.estimatedNextDue}; last charges ${truth.charges
              .slice(-4)
              .map((c) => c.date)
              .join(' ')}`,
        );
      }
    }
    for (const d of s.detections) {
      console.log(
        `${s.history.label}\t${d.merchantKey}\t${FREQUENCY_LABELS[d.frequency]}\t${d.confidence}\t${d.occurrences}`,
      );
    }
  }
}

if (values.write) {
  writeResults('detection', markdown);
  console.log('\nWrote BENCHMARKS.md');
}
