/**
 * The built-in advisor: accuracy against known answers, and time per question. `npm run bench:advisor [-- options]`.
 * See BENCHMARKS.md, "Results — advisor (built-in interpreter)".
 *
 *   --runs=5        timed rounds over every question (after one warm-up round); median and p95 reported
 *   --write         replace the block between <!-- advisor:start --> and <!-- advisor:end --> in BENCHMARKS.md
 *   --verbose       print every answer, not only the misses
 *
 * One person on a fresh in-process PGlite, with the app's clock pinned to TODAY (bench/advisor-questions.ts):
 * six months of bank history generated here (seeded) and imported through the real Plaid SDK from the test
 * suite's fake Plaid server, then a budget for this month, three subscriptions and two savings goals with
 * contributions made through the API. Every question goes to POST /api/ai/query with no AI model
 * configured, so the built-in interpreter answers. Each expected figure is computed here from the generated
 * rows and the amounts sent to the API, never through the server's queries; the rule each intent's figure
 * follows is written next to its function below.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import {
  type AdvisorAnswer,
  addDays,
  addMonths,
  CATEGORY,
  type CategoryCode,
  type CategoryKey,
  type Cents,
  categoryGroup,
  categoryName,
  daysBetween,
  interpretQuestion,
  isIncomeCategory,
} from '@tally/shared';
import { fromPglite, pgliteOptions } from '../apps/server/src/db/client';
import { createRandom, type Random } from '../apps/server/src/providers/bank/demo/random';
import {
  type FakeAccountInput,
  type FakeTransactionInput,
  startFakePlaid,
} from '../apps/server/test/fake-plaid';
import { type Expected, QUESTIONS, type Question, TODAY } from './advisor-questions';
import { type App, type Auth, call, register, startApp } from './lib/app';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    write: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
if (!(Number.isInteger(RUNS) && RUNS >= 1)) throw new Error('--runs must be a whole number ≥ 1');

const SEED = 'tally-advisor-bench';
const HISTORY_START = '2026-05-27';
/** Mid-afternoon UTC on TODAY; the person's time zone is UTC. */
const NOW = new Date(`${TODAY}T15:00:00Z`);

/* ------------------------------------------------------------------------------------------------------ */
/* The history.                                                                                           */

type AccountKey = 'checking' | 'savings' | 'credit';

const cents = (dollars: number): Cents => Math.round(dollars * 100);

/**
 * What a row is: our category (or 'transfer', a move between the person's own accounts, which the import
 * files as Uncategorized and leaves out of every total), and Plaid's primary and detailed category for it.
 */
const KINDS = {
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
type Row = {
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
const ACCOUNTS: (FakeAccountInput & { key: AccountKey })[] = [
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
const SHOPS: [string, string, Kind, number, number, number, number?][] = [
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

const fill = (r: Random, pattern: string) =>
  pattern.replace(/\?{6}/g, () => r.code(6)).replace(/#/g, () => r.digits(1));

/** A row by its parts: [account, descriptor, merchant, dollars out (negative: in), kind]. */
type Parts = [AccountKey, string, string | null, number, Kind];

/** Every month on its day (the power bill on one of the 11th–14th, its amount drawn). */
const BILLS: [number, ...Parts][] = [
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

const ONE_OFFS: [string, ...Parts][] = [
  ['2026-08-03', 'checking', 'VENMO PAYMENT 1029384756', 'Venmo', 85, 'venmo'],
  ['2026-10-19', 'checking', 'VENMO PAYMENT 1029399812', 'Venmo', 42, 'venmo'],
  ['2026-07-12', 'checking', 'ATM FEE WITHDRAWAL 07/12', null, 3.5, 'atmFee'],
  ['2026-07-08', 'credit', 'UNITED 0162345678901', 'United Airlines', 412.6, 'flight'],
  ['2026-08-14', 'credit', 'MARRIOTT PORTLAND DOWNTOWN', 'Marriott', 587.2, 'hotel'],
  ['2026-09-17', 'checking', 'EBAY MARKETPLACE PAYOUT', 'eBay', -186.4, 'otherIncome'],
];

/** Pay: every other Friday from the first, the same amount each time. */
const PAY = { first: '2026-06-05', every: 14, amount: 2450 };
const PAYROLL: Parts = ['checking', 'ACME CORP PAYROLL PPD ID: 9876543210', 'Acme Corp', -PAY.amount, 'pay'];

function generateHistory(): Row[] {
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

const toPlaid = (row: Row): FakeTransactionInput => {
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
const PERIOD = { startDate: '2026-11-01', endDate: '2026-11-30' };
const BUDGET = {
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

const MONTHLY = 2;
const ANNUAL = 5;
const SUBSCRIPTIONS = [
  { name: 'Netflix', amount: 15.49, frequency: MONTHLY, nextDueDate: '2026-12-03' },
  { name: 'Spotify', amount: 11.99, frequency: MONTHLY, nextDueDate: '2026-12-10' },
  { name: 'Amazon Prime', amount: 139, frequency: ANNUAL, nextDueDate: '2027-01-15' },
] as const;

const GOALS = [
  { name: 'Emergency Fund', targetAmount: 10_000, targetDate: null, contributions: [2000, 500] },
  { name: 'Japan Trip', targetAmount: 4000, targetDate: '2027-09-01', contributions: [650] },
] as const;

/* ------------------------------------------------------------------------------------------------------ */
/* Expected figures, from the rows and the amounts above.                                                 */

type Figure = { label: string; cents: Cents };
/** What an answer must show: figures found by label (or in order), and for afford the verdict. */
type Truth = { figures: Figure[]; ordered?: boolean; limit?: number; verdict?: 'yes' | 'no'; dueOn?: string };

const inDays = (row: Row, from: string, to: string) => row.date >= from && row.date <= to;
const counted = (rows: Row[], from: string, to: string) =>
  rows.filter((x) => !x.isTransfer && inDays(x, from, to));
const moneyOut = (rows: Row[]) => rows.reduce((n, x) => n + Math.max(x.out, 0), 0);
const moneyIn = (rows: Row[]) => rows.reduce((n, x) => n + Math.max(-x.out, 0), 0);
/** Money out less refunds: a budget's spent, and the everyday pace the afford answer uses. */
const netOut = (rows: Row[]) => rows.reduce((n, x) => n + x.out, 0);

/** Spending: money out (refunds not netted) of non-transfer rows, the merchant as a substring of description or name. */
function spendingTruth(rows: Row[], e: Extract<Expected, { intent: 'spending' }>): Truth {
  const needle = e.merchant?.toLowerCase();
  const matched = counted(rows, e.from, e.to).filter(
    (x) =>
      (e.category === undefined || x.code === CATEGORY[e.category]) &&
      (e.kind === undefined || x.kind === e.kind) &&
      (needle === undefined || `${x.name} ${x.merchant ?? ''}`.toLowerCase().includes(needle)),
  );
  return { figures: [{ label: '', cents: moneyOut(matched) }] };
}

/** Top spending: money out by category (income categories left out) or by merchant name, largest first. */
function topTruth(rows: Row[], e: Extract<Expected, { intent: 'top_spending' }>): Truth {
  const totals = new Map<string, Cents>();
  for (const x of counted(rows, e.from, e.to)) {
    if (x.out <= 0) continue;
    const key = e.by === 'category' ? (isIncomeCategory(x.code) ? null : categoryName(x.code)) : x.merchant;
    if (key !== null) totals.set(key, (totals.get(key) ?? 0) + x.out);
  }
  const figures = [...totals]
    .map(([label, c]) => ({ label, cents: c }))
    .sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label));
  return { figures, ordered: true, limit: e.limit };
}

const budgetSpent = (rows: Row[], code: CategoryCode) =>
  netOut(counted(rows, PERIOD.startDate, PERIOD.endDate).filter((x) => x.code === code));

/** What is left: allocated less spent (money out less refunds) in the period, per category or summed. */
function budgetTruth(rows: Row[], e: Extract<Expected, { intent: 'budget_left' }>): Truth {
  const lines = BUDGET.categories.filter(
    (c) => e.category === undefined || c.category === CATEGORY[e.category],
  );
  if (lines.length === 0) return { figures: [] };
  const left = lines.reduce((n, c) => n + cents(c.allocatedAmount) - budgetSpent(rows, c.category), 0);
  const label = e.category === undefined ? 'Left' : `${categoryName(CATEGORY[e.category])} left`;
  return { figures: [{ label, cents: left }] };
}

/** A subscription's charges from its next due date on, within the days. */
function dueDates(s: (typeof SUBSCRIPTIONS)[number], from: string, to: string): string[] {
  const out: string[] = [];
  const step = s.frequency === ANNUAL ? 12 : 1;
  for (let k = 0; ; k++) {
    const day = addMonths(s.nextDueDate, k * step);
    if (day > to) return out;
    if (day >= from) out.push(day);
  }
}

/** Per month: monthly ones as they are, an annual one over twelve, to the cent. */
const monthlyCost = (s: (typeof SUBSCRIPTIONS)[number]) =>
  s.frequency === ANNUAL ? Math.round(cents(s.amount) / 12) : cents(s.amount);

function upcomingTruth(e: Extract<Expected, { intent: 'subscriptions_upcoming' }>): Truth {
  const due = SUBSCRIPTIONS.flatMap((s) => dueDates(s, e.from, e.to).map((day) => ({ s, day })));
  if (e.subscription) {
    const first = due.find((d) => d.s.name === e.subscription);
    return {
      figures: first ? [{ label: `${first.s.name},`, cents: cents(first.s.amount) }] : [],
      dueOn: first?.day,
    };
  }
  return { figures: [{ label: 'Due in all', cents: due.reduce((n, d) => n + cents(d.s.amount), 0) }] };
}

function goalTruth(e: Extract<Expected, { intent: 'goal_progress' }>): Truth {
  return {
    figures: GOALS.filter((g) => e.goal === undefined || g.name === e.goal).flatMap((g) => [
      { label: `${g.name} saved`, cents: g.contributions.reduce((n, a) => n + cents(a), 0) },
      { label: `${g.name} target`, cents: cents(g.targetAmount) },
    ]),
  };
}

const cashNow = (account?: AccountKey) =>
  ACCOUNTS.filter((a) => a.type === 'depository' && (account === undefined || a.key === account)).reduce(
    (n, a) => n + cents(a.current ?? 0),
    0,
  );

/**
 * Afford: cash now, plus the paydays after today through the day, less the subscriptions due after today
 * through it, less everyday spending (the variable categories' money out less refunds over the last 30
 * days, per day to the cent) for each day until then; yes when what is left covers the amount.
 */
function affordTruth(rows: Row[], e: Extract<Expected, { intent: 'afford' }>): Truth {
  const cash = cashNow();
  let pay = 0;
  for (let day = PAY.first; day <= e.by; day = addDays(day, PAY.every))
    if (day > TODAY) pay += cents(PAY.amount);
  const subscriptions = SUBSCRIPTIONS.reduce(
    (n, s) => n + dueDates(s, addDays(TODAY, 1), e.by).length * cents(s.amount),
    0,
  );
  const recent = counted(rows, addDays(TODAY, -29), TODAY).filter(
    (x) => categoryGroup(x.code) === 'Variable Expenses',
  );
  const perDay = Math.max(0, Math.round(netOut(recent) / 30));
  const everyday = perDay * daysBetween(TODAY, e.by);
  const left = cash + pay - subscriptions - everyday - cents(e.amount);
  return {
    figures: [
      { label: 'Cash now', cents: cash },
      { label: 'Pay expected', cents: pay },
      { label: 'Subscriptions due', cents: subscriptions },
      { label: 'Everyday spending', cents: everyday },
    ],
    verdict: left >= 0 ? 'yes' : 'no',
  };
}

function truthOf(rows: Row[], e: Expected): Truth {
  switch (e.intent) {
    case 'spending':
      return spendingTruth(rows, e);
    case 'top_spending':
      return topTruth(rows, e);
    case 'income':
      return { figures: [{ label: 'Money in', cents: moneyIn(counted(rows, e.from, e.to)) }] };
    case 'net': {
      const r = counted(rows, e.from, e.to);
      return { figures: [{ label: 'Net', cents: moneyIn(r) - moneyOut(r) }] };
    }
    case 'budget_left':
      return budgetTruth(rows, e);
    case 'subscriptions_total':
      return { figures: [{ label: '', cents: SUBSCRIPTIONS.reduce((n, s) => n + monthlyCost(s), 0) }] };
    case 'subscriptions_upcoming':
      return upcomingTruth(e);
    case 'goal_progress':
      return goalTruth(e);
    case 'balance':
      return { figures: [{ label: '', cents: cashNow(e.account) }] };
    case 'afford':
      return affordTruth(rows, e);
    case 'unknown':
      return { figures: [] };
  }
}

/* ------------------------------------------------------------------------------------------------------ */
/* Scoring.                                                                                               */

const answered = (a: AdvisorAnswer) => a.figures.map((f) => ({ label: f.label, cents: cents(f.amount) }));

/**
 * Passes when the intent is the expected one and the figures the intent is judged by equal the truth to
 * the cent: an empty label means the first figure; a label ending in ',' is a prefix (a subscription's
 * due line); 'Due in all' absent means nothing is due.
 */
function judge(e: Expected, truth: Truth, answer: AdvisorAnswer): string | null {
  if (answer.intent !== e.intent) return `read as ${answer.intent}`;
  const got = answered(answer);
  if (truth.ordered) {
    const shown = got.length;
    if (shown === 0) return 'no figures';
    if (truth.limit !== undefined && shown !== truth.limit) return `${shown} listed, ${truth.limit} asked`;
    for (let i = 0; i < shown; i++) {
      const want = truth.figures[i];
      const have = got[i];
      if (!want || !have || want.label !== have.label || want.cents !== have.cents) {
        return `#${i + 1} ${have ? `${have.label} ${money(have.cents)}` : 'missing'}, expected ${want ? `${want.label} ${money(want.cents)}` : 'nothing'}`;
      }
    }
    return null;
  }
  if (e.intent !== 'unknown' && truth.figures.length === 0) return 'no expected figure';
  for (const want of truth.figures) {
    const have =
      want.label === ''
        ? got[0]
        : got.find((f) =>
            want.label.endsWith(',') ? f.label.startsWith(want.label) : f.label === want.label,
          );
    const value = have?.cents ?? (want.label === 'Due in all' ? 0 : undefined);
    if (value !== want.cents) {
      return `${want.label || 'figure'} ${value === undefined ? 'missing' : money(value)}, expected ${money(want.cents)}`;
    }
  }
  if (truth.dueOn) {
    const line = answer.figures.find((f) => f.label.startsWith(truth.figures[0]?.label ?? '\u0000'));
    if (!line?.source.description.includes(truth.dueOn)) return `due date not ${truth.dueOn}`;
  }
  if (truth.verdict) {
    const said = /^Yes\b/.test(answer.response)
      ? 'yes'
      : /^Not comfortably\b/.test(answer.response)
        ? 'no'
        : '?';
    if (said !== truth.verdict) return `said ${said}, expected ${truth.verdict}`;
  }
  return null;
}

function money(c: Cents): string {
  return `${c < 0 ? '−' : ''}$${(Math.abs(c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The expected figure in a few words, for the table. */
function describeTruth(e: Expected, t: Truth): string {
  if (e.intent === 'unknown') return 'declines';
  if (t.ordered) {
    const shown = t.figures.slice(0, t.limit ?? 3).map((f) => `${f.label} ${money(f.cents)}`);
    return `${shown.join('; ')}${t.limit === undefined ? '; …' : ''}`;
  }
  const parts = t.figures.map((f) => `${f.label ? `${f.label.replace(/,$/, '')} ` : ''}${money(f.cents)}`);
  if (t.dueOn) parts.push(`on ${t.dueOn}`);
  if (t.verdict) parts.push(t.verdict);
  return parts.join('; ');
}

function describeAnswer(e: Expected, a: AdvisorAnswer): string {
  if (a.intent === 'unknown') return 'declined';
  const figures = a.figures
    .slice(0, e.intent === 'afford' ? 4 : 3)
    .map((f) => `${f.label} ${money(cents(f.amount))}`);
  const verdict = e.intent === 'afford' ? ` (${a.response.split('.')[0]})` : '';
  return `${a.intent}: ${figures.join('; ') || 'no figures'}${a.figures.length > 3 && e.intent !== 'afford' ? '; …' : ''}${verdict}`;
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (i - lo);
}

/* ------------------------------------------------------------------------------------------------------ */
/* The run.                                                                                               */

const started = performance.now();
const log = (message: string) => console.log(message);
const rows = generateHistory();
log(`${rows.length} rows from ${HISTORY_START} to ${TODAY}; ${QUESTIONS.length} questions`);

const fake = await startFakePlaid({
  now: () => NOW,
  seed: { accounts: ACCOUNTS, transactions: rows.map(toPlaid) },
});
const database = fromPglite(await PGlite.create(pgliteOptions));
await database.migrate();
const app = await startApp(database, { runJobs: false, now: () => NOW, env: fake.env() });

type Result = {
  question: Question;
  truth: Truth;
  answer: AdvisorAnswer;
  failure: string | null;
  ms: number[];
  interpreterMs: number;
  read: string;
};

let results: Result[] = [];
try {
  const auth = await register(app, 'advisor-bench@bench.test');
  // One day's questions at the benchmark's volume need a plan's allowance, not the free plan's ten.
  await database.query("update users set plan = 'premium' where email = $1", ['advisor-bench@bench.test']);
  await setUp(app, auth);
  const imported = await database.query<{ n: number }>('select count(*)::int n from transactions');
  if (imported[0]?.n !== rows.length) throw new Error(`imported ${imported[0]?.n} of ${rows.length} rows`);

  const vocabulary = await interpreterContext();
  results = QUESTIONS.map((question) => ({
    question,
    truth: truthOf(rows, question.expect),
    answer: { response: '', figures: [], actions: [], intent: '', answeredBy: 'built-in' },
    failure: null,
    ms: [],
    interpreterMs: timeInterpreter(question.text, vocabulary),
    read: JSON.stringify(interpretQuestion(question.text, vocabulary)),
  }));
  const order = createRandom(`${SEED}-order`);
  for (let round = 0; round <= RUNS; round++) {
    // The day's allowance is counted per request; each round starts from none used.
    await database.exec('delete from ai_usage');
    const shuffled = [...results];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = order.int(0, i);
      [shuffled[i], shuffled[j]] = [shuffled[j] as Result, shuffled[i] as Result];
    }
    for (const result of shuffled) {
      const t0 = performance.now();
      const answer = await call<AdvisorAnswer>(app, auth, 'POST', '/api/ai/query', {
        query: result.question.text,
      });
      const ms = performance.now() - t0;
      if (round === 0) result.answer = answer;
      else {
        result.ms.push(ms);
        if (JSON.stringify(answer) !== JSON.stringify(result.answer))
          throw new Error(`a different answer to "${result.question.text}" in round ${round}`);
      }
    }
  }
  for (const r of results) r.failure = judge(r.question.expect, r.truth, r.answer);
} finally {
  await app.close();
  await database.close();
  await fake.close();
}

async function setUp(app: App, auth: Auth) {
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

/** The interpreter's inputs as the server gathers them: merchant names most used first, and the goals. */
async function interpreterContext() {
  const merchants = await database.query<{ name: string }>(
    'select merchant_name as name from transactions where merchant_name is not null and deleted_at is null group by merchant_name order by count(*) desc, merchant_name',
  );
  return { today: TODAY, merchants: merchants.map((m) => m.name), goals: GOALS.map((g) => g.name) };
}

/** The interpreter alone (pure, no database): the median of 50 calls after 5 warm-up calls, in milliseconds. */
function timeInterpreter(text: string, ctx: Parameters<typeof interpretQuestion>[1]): number {
  for (let i = 0; i < 5; i++) interpretQuestion(text, ctx);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    interpretQuestion(text, ctx);
    times.push(performance.now() - t0);
  }
  return median(times);
}

/* ------------------------------------------------------------------------------------------------------ */
/* The report.                                                                                            */

const seconds = (performance.now() - started) / 1000;
const inScope = results.filter((r) => r.question.expect.intent !== 'unknown');
const outOfScope = results.filter((r) => r.question.expect.intent === 'unknown');
const passed = (rs: Result[]) => rs.filter((r) => r.failure === null).length;
const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
const allMs = results.flatMap((r) => r.ms);
const fmtMs = (x: number) => x.toFixed(x < 10 ? 2 : 1);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const cpus = os.cpus();
const cell = (s: string) => s.replaceAll('|', '\\|');

const lines: string[] = [];
lines.push(
  `Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} on ${cpus[0]?.model.trim() ?? 'unknown'} ` +
    `(${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB), Node ${process.version}, ${os.type()} ${os.release()}: ` +
    `\`npm run bench:advisor\` ` +
    `(seed \`${SEED}\`, today ${TODAY}, ${rows.length} rows from ${HISTORY_START}, ${RUNS} timed rounds), ${seconds.toFixed(0)} s in all.`,
);
lines.push('');
const inPass = passed(inScope);
const outPass = passed(outOfScope);
lines.push(
  `**In scope: ${inPass} of ${inScope.length} exact (${percent(inPass, inScope.length)}; target ≥ 90 %, ` +
    `${inPass / inScope.length >= 0.9 ? 'met' : '**not met**'}). Out of scope: ${outPass} of ${outOfScope.length} declined ` +
    `(target all, ${outPass === outOfScope.length ? 'met' : '**not met**'}).**`,
);
lines.push('');
lines.push('| Intent | Questions | Exact | Read as another intent | Right intent, wrong figure |');
lines.push('|---|---:|---:|---:|---:|');
const kinds = [...new Set(results.map((r) => r.question.expect.intent))];
for (const kind of kinds) {
  const rs = results.filter((r) => r.question.expect.intent === kind);
  const wrongIntent = rs.filter((r) => r.answer.intent !== kind).length;
  lines.push(
    `| ${kind === 'unknown' ? 'out of scope (declined)' : kind} | ${rs.length} | ${passed(rs)} | ${wrongIntent} | ${rs.length - passed(rs) - wrongIntent} |`,
  );
}
const failures = results.filter((r) => r.failure !== null);
if (failures.length > 0) {
  lines.push('');
  lines.push("Misses (expected, then answered; the interpreter's reading in the last column):");
  lines.push('');
  lines.push('| Question | Expected | Answered | Why | Read as |');
  lines.push('|---|---|---|---|---|');
  for (const r of failures) {
    lines.push(
      `| ${cell(r.question.text)} | ${cell(describeTruth(r.question.expect, r.truth))} | ${cell(describeAnswer(r.question.expect, r.answer))} | ${cell(r.failure ?? '')} | \`${cell(r.read)}\` |`,
    );
  }
}
lines.push('');
lines.push(
  `**Time per question**, POST /api/ai/query through the whole app (${RUNS} rounds × ${results.length} questions, ` +
    `shuffled each round, after a warm-up round): median ${fmtMs(median(allMs))} ms, p95 ${fmtMs(quantile(allMs, 0.95))} ms, ` +
    `slowest ${fmtMs(Math.max(...allMs))} ms. The interpreter alone: median ${fmtMs(median(results.map((r) => r.interpreterMs)) * 1000)} µs ` +
    `per question, slowest ${fmtMs(Math.max(...results.map((r) => r.interpreterMs)) * 1000)} µs.`,
);
lines.push('');
lines.push('| Intent | Median (ms) | p95 (ms) |');
lines.push('|---|---:|---:|');
for (const kind of kinds) {
  const ms = results.filter((r) => r.question.expect.intent === kind).flatMap((r) => r.ms);
  lines.push(
    `| ${kind === 'unknown' ? 'out of scope' : kind} | ${fmtMs(median(ms))} | ${fmtMs(quantile(ms, 0.95))} |`,
  );
}
lines.push('');
lines.push(
  `Load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} (1, 5, 15 min) on ${cpus.length} cores.`,
);
const markdown = lines.join('\n');

log('');
for (const r of results) {
  if (!values.verbose && r.failure === null) continue;
  log(
    `${r.failure === null ? 'ok  ' : 'MISS'} ${r.question.text}\n     expected ${describeTruth(r.question.expect, r.truth)}\n     answered ${describeAnswer(r.question.expect, r.answer)}${r.failure ? `\n     why      ${r.failure}\n     read as  ${r.read}` : ''}`,
  );
}
log('');
log('| # | Question | Expected intent | Answered | Exact | Median ms |');
log('|---:|---|---|---|---|---:|');
results.forEach((r, i) => {
  log(
    `| ${i + 1} | ${cell(r.question.text)} | ${r.question.expect.intent} | ${r.answer.intent} | ${r.failure === null ? 'yes' : 'NO'} | ${fmtMs(median(r.ms))} |`,
  );
});
log(`\n${markdown}`);

if (values.write) {
  const file = path.join(import.meta.dirname, '..', 'BENCHMARKS.md');
  const doc = fs.readFileSync(file, 'utf8');
  const start = '<!-- advisor:start -->';
  const end = '<!-- advisor:end -->';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`BENCHMARKS.md has no ${start} … ${end} block`);
  fs.writeFileSync(file, `${doc.slice(0, from + start.length)}\n${markdown}\n${doc.slice(to)}`);
  log('\nWrote BENCHMARKS.md');
}
