/**
 * The advisor benchmarks' person (`npm run bench:advisor`, `npm run bench:advisor:families`): six months of
 * bank history generated here (seeded), the accounts' balances, and the budget, subscriptions and goals
 * made through the API. Both question sets read their truths from these rows and amounts, never through
 * the server's queries.
 */
import { PGlite } from '@electric-sql/pglite';
import { addDays, addMonths, CATEGORY, type CategoryCode, type CategoryKey, type Cents } from '@tally/shared';
import { fromPglite, pgliteOptions } from '../apps/server/src/db/client';
import { createRandom, type Random } from '../apps/server/src/providers/bank/demo/random';
import {
  type FakeAccountInput,
  type FakeTransactionInput,
  startFakePlaid,
} from '../apps/server/test/fake-plaid';
import { TODAY } from './advisor-questions';
import { type App, type Auth, call, register, startApp } from './lib/app';

export const SEED = 'tally-advisor-bench';
export const HISTORY_START = '2026-05-27';
/** Mid-afternoon UTC on TODAY; the person's time zone is UTC. */
export const NOW = new Date(`${TODAY}T15:00:00Z`);

/* ------------------------------------------------------------------------------------------------------ */
/* The history.                                                                                           */

export type AccountKey = 'checking' | 'savings' | 'credit';

export const cents = (dollars: number): Cents => Math.round(dollars * 100);

/**
 * What a row is: our category (or 'transfer', a move between the person's own accounts, which the import
 * files as Uncategorized and leaves out of every total), and Plaid's primary and detailed category for it.
 */
export const KINDS = {
  groceries: ['Groceries', 'FOOD_AND_DRINK', 'GROCERIES'],
  coffee: ['DiningOut', 'FOOD_AND_DRINK', 'COFFEE'],
  fastFood: ['DiningOut', 'FOOD_AND_DRINK', 'FAST_FOOD'],
  restaurant: ['DiningOut', 'FOOD_AND_DRINK', 'RESTAURANT'],
  rideShare: ['Transportation', 'TRANSPORTATION', 'TAXIS_AND_RIDE_SHARES'],
  fuel: ['Transportation', 'TRANSPORTATION', 'GAS'],
  transit: ['Transportation', 'TRANSPORTATION', 'PUBLIC_TRANSIT'],
  marketplace: ['Shopping', 'GENERAL_MERCHANDISE', 'ONLINE_MARKETPLACES'],
  superstore: ['Shopping', 'GENERAL_MERCHANDISE', 'SUPERSTORES'],
  electronics: ['Shopping', 'GENERAL_MERCHANDISE', 'ELECTRONICS'],
  cinema: ['Entertainment', 'ENTERTAINMENT', 'OTHER_ENTERTAINMENT'],
  games: ['Entertainment', 'ENTERTAINMENT', 'VIDEO_GAMES'],
  events: ['Entertainment', 'ENTERTAINMENT', 'SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS'],
  pharmacy: ['Healthcare', 'MEDICAL', 'PHARMACIES_AND_SUPPLEMENTS'],
  haircut: ['PersonalCare', 'PERSONAL_CARE', 'HAIR_AND_BEAUTY'],
  rent: ['Rent', 'RENT_AND_UTILITIES', 'RENT'],
  power: ['Utilities', 'RENT_AND_UTILITIES', 'GAS_AND_ELECTRICITY'],
  internet: ['Utilities', 'RENT_AND_UTILITIES', 'INTERNET_AND_CABLE'],
  phone: ['Utilities', 'RENT_AND_UTILITIES', 'TELEPHONE'],
  streaming: ['Subscriptions', 'ENTERTAINMENT', 'TV_AND_MOVIES'],
  music: ['Subscriptions', 'ENTERTAINMENT', 'MUSIC_AND_AUDIO'],
  insurance: ['Insurance', 'GENERAL_SERVICES', 'INSURANCE'],
  flight: ['Travel', 'TRAVEL', 'FLIGHTS'],
  hotel: ['Travel', 'TRAVEL', 'LODGING'],
  atmFee: ['Uncategorized', 'BANK_FEES', 'ATM_FEES'],
  pay: ['Salary', 'INCOME', 'WAGES'],
  otherIncome: ['OtherIncome', 'INCOME', 'OTHER_INCOME'],
  toSavings: ['transfer', 'TRANSFER_OUT', 'SAVINGS'],
  fromChecking: ['transfer', 'TRANSFER_IN', 'ACCOUNT_TRANSFER'],
  // Paying a friend through Venmo is money leaving, but Plaid files it as a transfer, and so Tally does.
  venmo: ['transfer', 'TRANSFER_OUT', 'ACCOUNT_TRANSFER'],
  cardPayment: ['transfer', 'LOAN_PAYMENTS', 'CREDIT_CARD_PAYMENT'],
} as const satisfies Record<string, readonly [CategoryKey | 'transfer', string, string]>;
export type Kind = keyof typeof KINDS;

/** One generated bank row and what it is. */
export type Row = {
  account: AccountKey;
  date: string;
  name: string;
  merchant: string | null;
  /** Plaid's sign: positive = money out. */
  out: Cents;
  kind: Kind;
  code: CategoryCode;
  isTransfer: boolean;
  pending: boolean;
};

/** Balances as the bank reports them (dollars), which is all the balance answer reads. */
export const ACCOUNTS: (FakeAccountInput & { key: AccountKey })[] = [
  {
    key: 'checking',
    name: 'Everyday Checking',
    mask: '4821',
    type: 'depository',
    subtype: 'checking',
    current: 4218.37,
  },
  {
    key: 'savings',
    name: 'High Yield Savings',
    mask: '9930',
    type: 'depository',
    subtype: 'savings',
    current: 12_640,
  },
  {
    key: 'credit',
    name: 'Rewards Visa',
    mask: '1177',
    type: 'credit',
    subtype: 'credit card',
    current: 1284.55,
  },
];

/**
 * Everyday merchants: [name, descriptor (# a digit, ?????? six letters or digits), kind, purchases a week on
 * average, smallest and largest purchase in dollars, share refunded a few days later].
 */
export const SHOPS: [string, string, Kind, number, number, number, number?][] = [
  ['Safeway', 'SAFEWAY #1711 SAN FRANCISCO CA', 'groceries', 1.2, 18, 140],
  ["Trader Joe's", 'TRADER JOE S #236 QPS SAN FRANCISCO CA', 'groceries', 0.9, 12, 95],
  ['Whole Foods Market', 'WHOLEFDS MKT #10234 SAN FRANCISCO', 'groceries', 0.4, 15, 120],
  ['Starbucks', 'STARBUCKS STORE ##### SAN FRANCISCO CA', 'coffee', 3, 4.25, 14.5],
  ['Chipotle', 'CHIPOTLE 1897 SAN FRANCISCO CA', 'fastFood', 0.6, 9.8, 28],
  ['Tartine Manufactory', 'SQ *TARTINE MANUFACTORY San Francisco CA', 'restaurant', 0.4, 14, 85],
  ['Nopalito', 'TST* NOPALITO SAN FRANCISCO CA', 'restaurant', 0.3, 28, 120],
  ['Uber Eats', 'UBER *EATS ?????? HELP.UBER.COM CA', 'restaurant', 0.5, 18, 55, 0.06],
  ['Uber', 'UBER *TRIP ?????? HELP.UBER.COM CA', 'rideShare', 0.9, 8, 46, 0.04],
  ['Lyft', 'LYFT *RIDE SAN FRANCISCO CA', 'rideShare', 0.3, 7, 38],
  ['Shell', 'SHELL OIL 57444 DALY CITY CA', 'fuel', 0.45, 35, 72],
  ['Chevron', 'CHEVRON 0094321 SAN FRANCISCO CA', 'fuel', 0.2, 30, 68],
  ['Clipper', 'CLIPPER SERVICE CONCORD CA', 'transit', 0.25, 20, 50],
  ['Amazon', 'AMZN Mktp US*??????', 'marketplace', 1.1, 9, 160, 0.2],
  ['Target', 'TARGET 00027631 SAN FRANCISCO CA', 'superstore', 0.45, 12, 130, 0.1],
  ['Best Buy', 'BESTBUY 00011841 COLMA CA', 'electronics', 0.05, 25, 400],
  ['AMC Theatres', 'AMC 4512 ONLINE', 'cinema', 0.35, 14, 48],
  ['Steam', 'STEAMGAMES.COM ##########', 'games', 0.2, 5, 60],
  ['Ticketmaster', 'TICKETMASTER 800-653-8000 CA', 'events', 0.1, 45, 220],
  ['CVS Pharmacy', 'CVS/PHARMACY #09912 SAN FRANCISCO CA', 'pharmacy', 0.25, 6, 65],
  ['Supercuts', 'SUPERCUTS #4411 SAN FRANCISCO CA', 'haircut', 0.2, 28, 45],
];

export const fill = (r: Random, pattern: string) =>
  pattern.replace(/\?{6}/g, () => r.code(6)).replace(/#/g, () => r.digits(1));

/** A row by its parts: [account, descriptor, merchant, dollars out (negative: in), kind]. */
export type Parts = [AccountKey, string, string | null, number, Kind];

/** Every month on its day (the power bill on one of the 11th–14th, its amount drawn). */
export const BILLS: [number, ...Parts][] = [
  [1, 'checking', 'AVALON BAY PROPERTIES ACH RENT', null, 2350, 'rent'],
  [3, 'checking', 'NETFLIX.COM', 'Netflix', 15.49, 'streaming'],
  [9, 'checking', 'GEICO *AUTO 800-841-3000 DC', 'GEICO', 128.4, 'insurance'],
  [10, 'credit', 'Spotify USA', 'Spotify', 11.99, 'music'],
  [18, 'credit', 'COMCAST CABLE COMM 800-COMCAST', 'Comcast', 79.99, 'internet'],
  [22, 'credit', 'VZWRLSS*APOCC VISB', 'Verizon', 65, 'phone'],
  // A move to savings shows on both accounts.
  [15, 'checking', 'ONLINE TRANSFER TO SAVINGS XXXXXX9930', null, 500, 'toSavings'],
  [15, 'savings', 'ONLINE TRANSFER FROM CHECKING XXXXXX4821', null, -500, 'fromChecking'],
];

export const ONE_OFFS: [string, ...Parts][] = [
  ['2026-08-03', 'checking', 'VENMO PAYMENT 1029384756', 'Venmo', 85, 'venmo'],
  ['2026-10-19', 'checking', 'VENMO PAYMENT 1029399812', 'Venmo', 42, 'venmo'],
  ['2026-07-12', 'checking', 'ATM FEE WITHDRAWAL 07/12', null, 3.5, 'atmFee'],
  ['2026-07-08', 'credit', 'UNITED 0162345678901', 'United Airlines', 412.6, 'flight'],
  ['2026-08-14', 'credit', 'MARRIOTT PORTLAND DOWNTOWN', 'Marriott', 587.2, 'hotel'],
  ['2026-09-17', 'checking', 'EBAY MARKETPLACE PAYOUT', 'eBay', -186.4, 'otherIncome'],
];

/** Pay: every other Friday from the first, the same amount each time. */
export const PAY = { first: '2026-06-05', every: 14, amount: 2450 };
export const PAYROLL: Parts = [
  'checking',
  'ACME CORP PAYROLL PPD ID: 9876543210',
  'Acme Corp',
  -PAY.amount,
  'pay',
];

export function generateHistory(): Row[] {
  const r = createRandom(SEED);
  const rows: Row[] = [];
  const add = (date: string, [account, name, merchant, dollars, kind]: Parts) => {
    if (date < HISTORY_START || date > TODAY) return;
    const [category] = KINDS[kind];
    const isTransfer = category === 'transfer';
    const code = isTransfer ? CATEGORY.Uncategorized : CATEGORY[category];
    rows.push({ account, date, name, merchant, out: cents(dollars), kind, code, isTransfer, pending: false });
  };
  for (let day = HISTORY_START; day <= TODAY; day = addDays(day, 1)) {
    for (const [merchant, pattern, kind, perWeek, min, max, refunds] of SHOPS) {
      for (let n = r.poisson(perWeek / 7); n > 0; n--) {
        const dollars = r.cents(cents(min), cents(max)) / 100;
        const account: AccountKey = r.chance(0.7) ? 'credit' : 'checking';
        const name = fill(r, pattern);
        add(day, [account, name, merchant, dollars, kind]);
        if (refunds && r.chance(refunds)) {
          const back = r.chance(0.6) ? dollars : Math.round(dollars * (20 + 60 * r.next())) / 100;
          add(addDays(day, r.int(2, 12)), [account, `${name} REFUND`, merchant, -back, kind]);
        }
      }
    }
  }
  for (let month = '2026-06-01'; month <= TODAY; month = addMonths(month, 1)) {
    const on = (day: number) => `${month.slice(0, 8)}${String(day).padStart(2, '0')}`;
    for (const [day, ...parts] of BILLS) add(on(day), parts);
    const power = r.cents(6200, 14_800) / 100;
    add(on(r.int(11, 14)), ['checking', 'PGANDE WEB ONLINE', 'PG&E', power, 'power']);
  }
  for (const [date, ...parts] of ONE_OFFS) add(date, parts);
  for (let day = PAY.first; day <= TODAY; day = addDays(day, PAY.every)) add(day, PAYROLL);
  // The card is paid in full on the 25th for last month's purchases, from checking; both sides show.
  for (let month = '2026-06-01'; month <= TODAY; month = addMonths(month, 1)) {
    const previous = addMonths(month, -1);
    const statement = rows
      .filter((x) => x.account === 'credit' && x.date >= previous && x.date < month)
      .reduce((n, x) => n + x.out, 0);
    if (statement <= 0) continue;
    const date = `${month.slice(0, 8)}25`;
    add(date, ['checking', 'PAYMENT TO REWARDS VISA AUTOPAY', null, statement / 100, 'cardPayment']);
    add(date, ['credit', 'AUTOPAY PAYMENT - THANK YOU', null, -statement / 100, 'cardPayment']);
  }
  // Yesterday's and today's purchases have not posted yet.
  for (const row of rows) row.pending = row.date >= addDays(TODAY, -1) && !row.isTransfer && row.out > 0;
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

export const toPlaid = (row: Row): FakeTransactionInput => {
  const [, primary, detailed] = KINDS[row.kind];
  return {
    account: row.account,
    // Plaid sends dollars as JSON numbers; the import parses them to cents.
    amount: row.out / 100,
    date: row.date,
    name: row.name,
    merchantName: row.merchant,
    pending: row.pending,
    category: { primary, detailed: `${primary}_${detailed}` },
  };
};

/* ------------------------------------------------------------------------------------------------------ */
/* What the person sets up through the API (dollars, as the API takes them).                               */

/** A monthly budget (period 2) from the first of this month: its first period is the whole of November. */
export const PERIOD = { startDate: '2026-11-01', endDate: '2026-11-30' };
export const BUDGET = {
  name: 'November',
  period: 2,
  startDate: PERIOD.startDate,
  totalIncome: 5300,
  categories: [
    { category: CATEGORY.Groceries, allocatedAmount: 650 },
    { category: CATEGORY.DiningOut, allocatedAmount: 320 },
    { category: CATEGORY.Transportation, allocatedAmount: 260 },
    { category: CATEGORY.Entertainment, allocatedAmount: 120 },
    { category: CATEGORY.Shopping, allocatedAmount: 300 },
    { category: CATEGORY.Utilities, allocatedAmount: 260 },
  ],
} as const;

export const MONTHLY = 2;
export const ANNUAL = 5;
export const SUBSCRIPTIONS = [
  { name: 'Netflix', amount: 15.49, frequency: MONTHLY, nextDueDate: '2026-12-03' },
  { name: 'Spotify', amount: 11.99, frequency: MONTHLY, nextDueDate: '2026-12-10' },
  { name: 'Amazon Prime', amount: 139, frequency: ANNUAL, nextDueDate: '2027-01-15' },
] as const;

export const GOALS = [
  { name: 'Emergency Fund', targetAmount: 10_000, targetDate: null, contributions: [2000, 500] },
  { name: 'Japan Trip', targetAmount: 4000, targetDate: '2027-09-01', contributions: [650] },
] as const;

/* ------------------------------------------------------------------------------------------------------ */
/* The app with the person in it.                                                                         */

type FakePlaid = Awaited<ReturnType<typeof startFakePlaid>>;
const EMAIL = 'advisor-bench@bench.test';

/**
 * A fresh in-process PGlite and the real app with its clock at NOW, the rows imported through the fake
 * Plaid server, then the budget, subscriptions and goals made through the API. The person is on a plan
 * whose daily allowance covers a benchmark's questions.
 */
export async function startPerson(rows: Row[]) {
  const fake = await startFakePlaid({
    now: () => NOW,
    seed: { accounts: ACCOUNTS, transactions: rows.map(toPlaid) },
  });
  const database = fromPglite(await PGlite.create(pgliteOptions));
  await database.migrate();
  const app = await startApp(database, { runJobs: false, now: () => NOW, env: fake.env() });
  const close = async () => {
    await app.close();
    await database.close();
    await fake.close();
  };
  try {
    const auth = await register(app, EMAIL);
    // One day's questions at the benchmark's volume need a plan's allowance, not the free plan's ten.
    await database.query("update users set plan = 'premium' where email = $1", [EMAIL]);
    await setUp(app, auth, fake);
    const imported = await database.query<{ n: number }>('select count(*)::int n from transactions');
    if (imported[0]?.n !== rows.length) throw new Error(`imported ${imported[0]?.n} of ${rows.length} rows`);
    return { app, auth, database, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function setUp(app: App, auth: Auth, fake: FakePlaid) {
  // The historical exchange imports every page before it answers.
  await call(app, auth, 'POST', '/api/plaid/exchange-public-token-with-historical-data', {
    publicToken: fake.createPublicToken(),
  });
  await call(app, auth, 'POST', '/api/budget', BUDGET, 201);
  for (const s of SUBSCRIPTIONS) await call(app, auth, 'POST', '/api/subscriptions', s, 201);
  for (const g of GOALS) {
    const goal = await call<{ id: string }>(
      app,
      auth,
      'POST',
      '/api/savings/goals',
      { name: g.name, targetAmount: g.targetAmount, targetDate: g.targetDate },
      201,
    );
    for (const amount of g.contributions) {
      await call(app, auth, 'POST', `/api/savings/goals/${goal.id}/allocate`, { amount }, 201);
    }
  }
}
