import { ACCOUNT_TYPE, CATEGORY, type CategoryCode, type Cents, categoryFromProvider } from '@tally/shared';
import { createCipher } from '../apps/server/src/lib/crypto';
import { hashPassword } from '../apps/server/src/lib/password';
import {
  DEMO_RECURRING,
  type DemoRecurring,
  demoAccount,
  fillDescription,
  primaryCategoryOf,
  STREAMS,
} from '../apps/server/src/providers/bank/demo/catalogue';
import { createRandom, cumulativeWeights, type Random } from '../apps/server/src/providers/bank/demo/random';
import { BANKS, EMPLOYERS, FIRST_NAMES, LANDLORDS, LAST_NAMES, NOTES, PLACES } from './lib/people';

/** Bump when the generated data changes shape, so cached databases are rebuilt. */
export const GENERATOR_VERSION = 2;
export const HISTORY_DAYS = 730;
export const USER_COUNT = 20;
export const FULL_TOTAL_ROWS = 2_000_000;
export const FULL_L_ROWS = 100_000;

export const EMAIL_DOMAIN = 'bench.tally.test';
export const L_EMAIL = `l@${EMAIL_DOMAIN}`;
export const L_PASSWORD = 'bench-password-for-L';

/** Raw SQL on one connection (session settings such as maintenance_work_mem must stick). */
export type Sql = {
  query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  exec: (sql: string) => Promise<unknown>;
};

export type GenerateOptions = {
  scale: number;
  /** The last day of the history (YYYY-MM-DD). */
  anchor: string;
  batchSize: number;
  /**
   * VACUUM (ANALYZE) after the load (default). PostgreSQL's autovacuum would do it anyway; PGlite runs no
   * autovacuum, so false shows PGlite as the app leaves it: no statistics, no visibility map.
   */
  vacuum?: boolean;
  seed?: string;
  log?: (message: string) => void;
};

export type GenerateReport = {
  anchor: string;
  users: number;
  accounts: number;
  connections: number;
  transactions: number;
  lTransactions: number;
  lUserId: string;
  seconds: { rows: number; indexes: number; vacuumAnalyze: number; total: number };
};

// ---------------------------------------------------------------------------------------------------------
// Calendar

type Day = { iso: string; weekday: number; dayOfMonth: number; month: number; lastOfMonth: boolean };

function calendar(anchor: string): Day[] {
  const end = Date.parse(`${anchor}T00:00:00Z`);
  const days: Day[] = [];
  for (let i = HISTORY_DAYS - 1; i >= 0; i--) {
    const d = new Date(end - i * 86_400_000);
    const next = new Date(d.getTime() + 86_400_000);
    days.push({
      iso: d.toISOString().slice(0, 10),
      weekday: d.getUTCDay(),
      dayOfMonth: d.getUTCDate(),
      month: d.getUTCMonth() + 1,
      lastOfMonth: next.getUTCDate() === 1,
    });
  }
  return days;
}

// ---------------------------------------------------------------------------------------------------------
// Merchants and subscriptions: the demo bank's catalogue, spread over many people

/** One of the demo catalogue's everyday merchants, with the category the import gives its rows. */
type Merchant = {
  name: string | null;
  descriptions: readonly string[];
  min: Cents;
  max: Cents;
  amounts?: readonly Cents[];
  detailed: string;
  category: CategoryCode;
  /** How often the demo household buys there: its stream's weekly rate times its share of the stream. */
  weight: number;
  /** Where it is paid from: the demo stream's account kind. */
  paidFrom: 'checking' | 'card';
  /** Share of its transactions that are refunds (money in). */
  refundRate?: number;
  /** Money in rather than out (cash-outs). */
  income: boolean;
};

const MERCHANTS: readonly Merchant[] = STREAMS.flatMap((stream) => {
  const streamWeight = stream.merchants.reduce((sum, m) => sum + (m.weight ?? 1), 0);
  return stream.merchants.map((m) => {
    const detailed = m.detailed ?? stream.detailed;
    return {
      name: m.name,
      descriptions: m.descriptions,
      min: m.min,
      max: m.max,
      amounts: m.amounts,
      detailed,
      category: categoryFromProvider(primaryCategoryOf(detailed), detailed),
      weight: (stream.perWeek * (m.weight ?? 1)) / streamWeight,
      paidFrom: demoAccount(stream.account).type === ACCOUNT_TYPE.Credit ? 'card' : 'checking',
      refundRate: m.refundRate,
      income: stream.sign === 1,
    } satisfies Merchant;
  });
});

/** The demo household's subscriptions (its ground truth), each person taking a share of them. */
const SUBSCRIPTIONS: readonly DemoRecurring[] = DEMO_RECURRING.filter((r) => r.kind === 'subscription');

// ---------------------------------------------------------------------------------------------------------
// People, connections, accounts

type AccountKind =
  | 'checking'
  | 'savings'
  | 'card'
  | 'card2'
  | 'brokerage'
  | 'retirement'
  | 'auto'
  | 'mortgage'
  | 'student';

type AccountPlan = {
  id: string;
  connection: number;
  kind: AccountKind;
  providerAccountId: string;
  name: string;
  officialName: string;
  mask: string;
  type: 0 | 2 | 3 | 4;
  subtype: string;
  opening: number;
  /** Net of generated amounts, for the closing balance. */
  flow: number;
};

type ConnectionPlan = { id: string; itemId: string; institutionId: string; institutionName: string };

type Location = { merchant: Merchant; description: string };

type UserPlan = {
  index: number;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  timeZone: string;
  city: string;
  st: string;
  employer: string;
  total: number;
  connections: ConnectionPlan[];
  accounts: AccountPlan[];
  byKind: Partial<Record<AccountKind, AccountPlan>>;
  locations: Location[];
  locationWeights: Float64Array;
  subscriptions: DemoRecurring[];
  /** Purchases still to be paid off, per card. */
  owed: Map<string, number>;
};

type AccountSpec = {
  kind: AccountKind;
  name: string;
  type: 0 | 2 | 3 | 4;
  subtype: string;
  opening: number;
};

const SPECS: Record<AccountKind, (r: Random, bank: string) => AccountSpec> = {
  checking: (r, bank) => ({
    kind: 'checking',
    name: `${bank} Total Checking`,
    type: 0,
    subtype: 'checking',
    opening: r.int(2_000, 9_000) * 100,
  }),
  savings: (r, bank) => ({
    kind: 'savings',
    name: `${bank} Savings`,
    type: 0,
    subtype: 'savings',
    opening: r.int(5_000, 40_000) * 100,
  }),
  card: (_r, bank) => ({
    kind: 'card',
    name: `${bank} Rewards Card`,
    type: 2,
    subtype: 'credit card',
    opening: 0,
  }),
  card2: (_r, bank) => ({
    kind: 'card2',
    name: `${bank} Cash Back Card`,
    type: 2,
    subtype: 'credit card',
    opening: 0,
  }),
  brokerage: (r, bank) => ({
    kind: 'brokerage',
    name: `${bank} Individual Brokerage`,
    type: 3,
    subtype: 'brokerage',
    opening: r.int(10_000, 120_000) * 100,
  }),
  retirement: (r, bank) => ({
    kind: 'retirement',
    name: `${bank} 401(k)`,
    type: 3,
    subtype: '401k',
    opening: r.int(20_000, 250_000) * 100,
  }),
  auto: (r, bank) => ({
    kind: 'auto',
    name: `${bank} Auto Loan`,
    type: 4,
    subtype: 'auto',
    opening: -r.int(12_000, 35_000) * 100,
  }),
  mortgage: (r, bank) => ({
    kind: 'mortgage',
    name: `${bank} Home Mortgage`,
    type: 4,
    subtype: 'mortgage',
    opening: -r.int(250_000, 650_000) * 100,
  }),
  student: (r, bank) => ({
    kind: 'student',
    name: `${bank} Student Loan`,
    type: 4,
    subtype: 'student',
    opening: -r.int(8_000, 45_000) * 100,
  }),
};

const EVERYDAY_BANKS = [
  'Chase',
  'Bank of America',
  'Wells Fargo',
  'USAA',
  'Navy Federal Credit Union',
  'Capital One',
];
const CARD_BANKS = ['American Express', 'Citi', 'Discover', 'Capital One'];
const SAVINGS_BANKS = ['Ally Bank', 'Capital One'];
const INVEST_BANKS = ['Fidelity', 'Vanguard'];

function bank(name: string) {
  const found = BANKS.find((b) => b.name === name);
  if (!found) throw new Error(`unknown bank ${name}`);
  return found;
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

function planUser(index: number, total: number, seed: string): UserPlan {
  const r = createRandom(`${seed}|user|${index}`);
  const isL = index === 0;
  const [city, st, timeZone] = isL ? (['NEW YORK', 'NY', 'America/New_York'] as const) : r.pick(PLACES);
  const connections: ConnectionPlan[] = [];
  const accounts: AccountPlan[] = [];
  const connectionFor = new Map<string, number>();
  const add = (bankName: string, kind: AccountKind) => {
    const b = bank(bankName);
    let c = connectionFor.get(b.id);
    if (c === undefined) {
      c = connections.length;
      connectionFor.set(b.id, c);
      connections.push({
        id: r.uuid(),
        itemId: `item-${r.token(37)}`,
        institutionId: b.id,
        institutionName: b.name,
      });
    }
    const spec = SPECS[kind](r, b.short);
    const mask = String(r.int(1000, 9999));
    accounts.push({
      id: r.uuid(),
      connection: c,
      kind,
      providerAccountId: r.token(37),
      name: spec.name,
      officialName: `${bankName} ${spec.name.split(' ').slice(1).join(' ')} ...${mask}`,
      mask,
      type: spec.type,
      subtype: spec.subtype,
      opening: spec.opening,
      flow: 0,
    });
  };
  // L holds the full set; others a realistic mix of three to eight accounts over one to four institutions.
  const home = isL ? 'Chase' : r.pick(EVERYDAY_BANKS);
  add(home, 'checking');
  add(isL || r.chance(0.4) ? r.pick(SAVINGS_BANKS) : home, 'savings');
  add(home, 'card');
  if (isL || r.chance(0.7)) add(r.pick(CARD_BANKS.filter((b) => b !== home)), 'card2');
  if (isL || r.chance(0.5)) add(r.pick(INVEST_BANKS), 'retirement');
  if (isL || r.chance(0.35)) add(isL ? 'Fidelity' : r.pick(INVEST_BANKS), 'brokerage');
  if (isL || r.chance(0.3)) add('Wells Fargo', 'mortgage');
  else if (r.chance(0.4)) add(home, 'auto');
  if (!isL && r.chance(0.2)) add(home, 'student');

  const byKind: Partial<Record<AccountKind, AccountPlan>> = {};
  for (const a of accounts) byKind[a.kind] = a;

  // Each person uses most merchants, a few of them a lot, at one or more of the catalogue's locations.
  const locations: Location[] = [];
  const weights: number[] = [];
  for (const merchant of MERCHANTS) {
    if (!r.chance(isL ? 0.95 : 0.75)) continue;
    const affinity = merchant.weight * Math.exp(r.normal() * 0.8);
    const stores = r.int(1, merchant.descriptions.length);
    for (let s = 0; s < stores; s++) {
      locations.push({ merchant, description: r.pick(merchant.descriptions) });
      weights.push(affinity / stores);
    }
  }

  const subscriptions = SUBSCRIPTIONS.filter(() => r.chance(isL ? 0.8 : 0.5));
  const firstName = isL ? 'Lena' : FIRST_NAMES[(index - 1) % FIRST_NAMES.length]!;
  const lastName = isL ? 'Larsen' : LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
  return {
    index,
    id: r.uuid(),
    email: isL ? L_EMAIL : `user${String(index).padStart(2, '0')}@${EMAIL_DOMAIN}`,
    firstName,
    lastName,
    timeZone,
    city,
    st,
    employer: r.pick(EMPLOYERS),
    total,
    connections,
    accounts,
    byKind,
    locations,
    locationWeights: cumulativeWeights(weights),
    subscriptions,
    owed: new Map(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Rows

type Row = {
  account: AccountPlan;
  description: string;
  merchantName: string | null;
  amount: number;
  category: CategoryCode;
  detailed: string;
};

/** The import's rule (apply-page.ts isTransfer), from Plaid's detailed category. */
const isTransfer = (detailed: string) =>
  detailed.startsWith('TRANSFER_IN') ||
  detailed.startsWith('TRANSFER_OUT') ||
  detailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';

/** Scheduled rows: their amounts may depend on what happened before (card statement balances). */
type Scheduled = { rows: number; make: (user: UserPlan) => Row[] };

const C = CATEGORY;

/** Salary, rent, bills, subscriptions, transfers, card payments, interest: per day, for the whole history. */
function schedule(user: UserPlan, days: Day[], r: Random): Scheduled[][] {
  const out: Scheduled[][] = days.map(() => []);
  const a = user.byKind;
  const checking = a.checking!;
  const at = (day: number, s: Scheduled | null) => {
    if (s) out[day]?.push(s);
  };
  const fixed = (account: AccountPlan | undefined, row: Omit<Row, 'account'>): Scheduled | null =>
    account ? { rows: 1, make: () => [{ account, ...row }] } : null;

  const paycheck = r.int(2_400, 5_600) * 100;
  const payPhase = r.int(0, 13);
  const rent = r.int(1_400, 4_200) * 100;
  const employer = user.employer;
  const ppd = String(r.int(1_000_000_000, 9_999_999_999));
  const landlord = r.pick(LANDLORDS);
  const electric = r.pick([
    'PG&E WEB ONLINE',
    'CON ED OF NY INTELL CK',
    'DUKE ENERGY PAYMENT',
    'COMED ONLINE PMT',
  ]);
  const subDay = new Map(user.subscriptions.map((s) => [s.id, r.int(1, 28)]));
  const annualDay = new Map(user.subscriptions.map((s) => [s.id, r.int(0, 364)]));
  const weeklyDay = new Map(user.subscriptions.map((s) => [s.id, r.int(0, 6)]));

  days.forEach((d, i) => {
    const year2 = i >= HISTORY_DAYS - 365;
    if (d.weekday === 5 && Math.floor(i / 7) % 2 === payPhase % 2) {
      const amount = Math.round(paycheck * (year2 ? 1.035 : 1));
      at(
        i,
        fixed(checking, {
          description: `${employer} PAYROLL PPD ID: ${ppd}`,
          merchantName: titleCase(employer),
          amount,
          category: C.Salary,
          detailed: 'INCOME_WAGES',
        }),
      );
      at(
        i,
        fixed(a.retirement, {
          description: 'EMPLOYEE CONTRIBUTION 401K',
          merchantName: null,
          amount: Math.round(amount * 0.12),
          category: C.Uncategorized,
          detailed: 'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
        }),
      );
    }
    if (d.month === 3 && d.dayOfMonth === 15 && r.chance(0.6)) {
      at(
        i,
        fixed(checking, {
          description: `${employer} BONUS PPD ID: ${ppd}`,
          merchantName: titleCase(employer),
          amount: paycheck * r.int(1, 4),
          category: C.Bonus,
          detailed: 'INCOME_WAGES',
        }),
      );
    }
    if (d.month === 4 && d.dayOfMonth === 20 && r.chance(0.5)) {
      at(
        i,
        fixed(checking, {
          description: 'IRS TREAS 310 TAX REF',
          merchantName: null,
          amount: r.int(200, 3_000) * 100,
          category: C.OtherIncome,
          detailed: 'INCOME_TAX_REFUND',
        }),
      );
    }
    if (d.dayOfMonth === 1) {
      if (a.mortgage) {
        at(
          i,
          fixed(checking, {
            description: 'WELLS FARGO HOME MTG AUTO PAY',
            merchantName: 'Wells Fargo',
            amount: -rent,
            category: C.Rent,
            detailed: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT',
          }),
        );
        at(
          i,
          fixed(a.mortgage, {
            description: 'PAYMENT RECEIVED - THANK YOU',
            merchantName: null,
            amount: Math.round(rent * 0.4),
            category: C.Uncategorized,
            detailed: 'TRANSFER_IN_ACCOUNT_TRANSFER',
          }),
        );
      } else {
        at(
          i,
          fixed(checking, {
            description: `${landlord} RENT WEB PMTS`,
            merchantName: titleCase(landlord),
            amount: -rent,
            category: C.Rent,
            detailed: 'RENT_AND_UTILITIES_RENT',
          }),
        );
      }
    }
    if (d.dayOfMonth === 3 && a.savings) {
      const amount = r.int(2, 12) * 10_000;
      at(
        i,
        fixed(checking, {
          description: `ONLINE TRANSFER TO SAV XXXXXX${a.savings.mask}`,
          merchantName: null,
          amount: -amount,
          category: C.Uncategorized,
          detailed: 'TRANSFER_OUT_ACCOUNT_TRANSFER',
        }),
      );
      at(
        i,
        fixed(a.savings, {
          description: `ONLINE TRANSFER FROM CHK XXXXXX${checking.mask}`,
          merchantName: null,
          amount,
          category: C.Uncategorized,
          detailed: 'TRANSFER_IN_ACCOUNT_TRANSFER',
        }),
      );
    }
    if (d.dayOfMonth === 5) {
      at(
        i,
        fixed(checking, {
          description: 'COMCAST XFINITY CABLE',
          merchantName: 'Xfinity',
          amount: -7_999,
          category: C.Utilities,
          detailed: 'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
        }),
      );
    }
    if (d.dayOfMonth === 8 && a.auto) {
      at(
        i,
        fixed(checking, {
          description: 'TOYOTA FINANCIAL SVCS PMT',
          merchantName: 'Toyota Financial Services',
          amount: -48_700,
          category: C.LoanPayments,
          detailed: 'LOAN_PAYMENTS_CAR_PAYMENT',
        }),
      );
      at(
        i,
        fixed(a.auto, {
          description: 'PAYMENT - THANK YOU',
          merchantName: null,
          amount: 48_700,
          category: C.Uncategorized,
          detailed: 'TRANSFER_IN_ACCOUNT_TRANSFER',
        }),
      );
    }
    if (d.dayOfMonth === 10) {
      at(
        i,
        fixed(checking, {
          description: electric,
          merchantName: null,
          amount: -Math.round(9_000 * Math.exp(r.normal() * 0.3)),
          category: C.Utilities,
          detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
        }),
      );
    }
    if (d.dayOfMonth === 12) {
      at(
        i,
        fixed(checking, {
          description: 'GEICO *AUTO 800-841-3000',
          merchantName: 'GEICO',
          amount: -13_840,
          category: C.Insurance,
          detailed: 'GENERAL_SERVICES_INSURANCE',
        }),
      );
    }
    if (d.dayOfMonth === 15 && a.brokerage) {
      at(
        i,
        fixed(checking, {
          description: `${a.brokerage.name.split(' ')[0]!.toUpperCase()} MONEYLINE PPD`,
          merchantName: null,
          amount: -50_000,
          category: C.Uncategorized,
          detailed: 'TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS',
        }),
      );
      at(
        i,
        fixed(a.brokerage, {
          description: 'ELECTRONIC FUNDS TRANSFER RCVD',
          merchantName: null,
          amount: 50_000,
          category: C.Uncategorized,
          detailed: 'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
        }),
      );
    }
    if (d.dayOfMonth === 18 && a.student) {
      at(
        i,
        fixed(checking, {
          description: 'NAVIENT STUDENT LOAN PMT',
          merchantName: 'Navient',
          amount: -31_200,
          category: C.LoanPayments,
          detailed: 'LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT',
        }),
      );
    }
    if (d.dayOfMonth === 20) {
      at(
        i,
        fixed(checking, {
          description: 'VERIZON WIRELESS PAYMENTS',
          merchantName: 'Verizon',
          amount: -8_500,
          category: C.Utilities,
          detailed: 'RENT_AND_UTILITIES_TELEPHONE',
        }),
      );
    }
    if (d.dayOfMonth === 25) {
      for (const card of [a.card, a.card2]) {
        if (!card) continue;
        // Pay the statement from checking: what was charged since the last payment.
        at(i, {
          rows: 2,
          make: (u) => {
            const due = Math.max(2_500, u.owed.get(card.id) ?? 0);
            u.owed.set(card.id, 0);
            const payment = {
              merchantName: null,
              category: C.Uncategorized,
              detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
            };
            return [
              { ...payment, account: card, description: 'AUTOMATIC PAYMENT - THANK YOU', amount: due },
              {
                ...payment,
                account: checking,
                description: `${card.name.split(' ')[0]!.toUpperCase()} CREDIT CRD AUTOPAY PPD`,
                amount: -due,
              },
            ];
          },
        });
      }
    }
    if (d.lastOfMonth && a.savings) {
      at(
        i,
        fixed(a.savings, {
          description: 'INTEREST PAYMENT',
          merchantName: null,
          amount: r.int(800, 6_000),
          category: C.Investment,
          detailed: 'INCOME_INTEREST_EARNED',
        }),
      );
    }
    if (d.lastOfMonth && a.brokerage && d.month % 3 === 0) {
      at(
        i,
        fixed(a.brokerage, {
          description: 'DIVIDEND RECEIVED VTI',
          merchantName: null,
          amount: r.int(5_000, 40_000),
          category: C.Investment,
          detailed: 'INCOME_DIVIDENDS',
        }),
      );
    }
    for (const s of user.subscriptions) {
      const due =
        s.cadence === 'monthly'
          ? d.dayOfMonth === subDay.get(s.id)
          : s.cadence === 'weekly'
            ? d.weekday === weeklyDay.get(s.id)
            : i % 365 === annualDay.get(s.id);
      if (!due || s.amount === null) continue;
      // The catalogue's price changes, as many days before the last day of the history as in the demo.
      let amount = s.amount;
      for (const change of s.priceChanges)
        if (i >= HISTORY_DAYS - 1 - change.daysBeforeAnchor) amount = change.amount;
      const account = s.card ? (a.card ?? checking) : checking;
      at(
        i,
        fixed(account, {
          description: fillDescription(s.description, r),
          merchantName: s.merchantName,
          amount,
          category: categoryFromProvider(s.categoryPrimary, s.categoryDetailed),
          detailed: s.categoryDetailed,
        }),
      );
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Columns for one INSERT ... SELECT FROM unnest(...)

const COLUMNS = [
  ['user_id', 'uuid'],
  ['account_id', 'uuid'],
  ['provider_transaction_id', 'text'],
  ['date', 'date'],
  ['description', 'text'],
  ['merchant_name', 'text'],
  ['amount', 'bigint'],
  ['category', 'smallint'],
  ['category_source', 'text'],
  ['provider_category', 'text'],
  ['is_transfer', 'boolean'],
  ['pending', 'boolean'],
  ['note', 'text'],
  ['deleted_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

const INSERT_TRANSACTIONS = `INSERT INTO transactions (${COLUMNS.map((c) => c[0]).join(', ')})
SELECT * FROM unnest(${COLUMNS.map((c, i) => `$${i + 1}::${c[1]}[]`).join(', ')})`;

class Batch {
  readonly columns: unknown[][] = COLUMNS.map(() => []);
  size = 0;
  push(values: unknown[]) {
    for (let i = 0; i < values.length; i++) this.columns[i]!.push(values[i]);
    this.size += 1;
  }
}

const EXPENSE_CATEGORIES: CategoryCode[] = [
  C.Groceries,
  C.DiningOut,
  C.Transportation,
  C.Entertainment,
  C.Shopping,
  C.Healthcare,
  C.Travel,
  C.PersonalCare,
  C.Gifts,
];

/** Splits `total` into integers proportional to `weights` that add up exactly (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (w / sum) * total : 0));
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const i = order[k]![1];
    counts[i] = counts[i]! + 1;
  }
  return counts;
}

/**
 * Generates and loads the whole data set: 20 users (L first), their connections and accounts, and the
 * transactions interleaved day by day across users, as daily syncs would write them, in large
 * multi-row INSERT ... SELECT FROM unnest(...) batches. Secondary indexes are dropped for the load and
 * rebuilt from their exact definitions; then VACUUM ANALYZE (what autovacuum would do on PostgreSQL).
 */
export async function generate(sql: Sql, options: GenerateOptions): Promise<GenerateReport> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 'tally-bench';
  const started = performance.now();
  const totalRows = Math.round(FULL_TOTAL_ROWS * options.scale);
  const lRows = Math.round(FULL_L_ROWS * options.scale);
  const shareRandom = createRandom(`${seed}|shares`);
  const others = apportion(
    totalRows - lRows,
    Array.from({ length: USER_COUNT - 1 }, () => 0.4 + shareRandom.next() * 1.2),
  );
  const totals = [lRows, ...others];
  const cipherKey = 'bench-token-encryption-key-0123456789';
  const cipher = createCipher(cipherKey);
  const users = totals.map((total, index) => planUser(index, total, seed));
  const days = calendar(options.anchor);
  const passwordHash = await hashPassword(L_PASSWORD);
  const joined = new Date(Date.parse(`${days[0]!.iso}T12:00:00Z`) - 86_400_000).toISOString();

  await sql.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, time_zone, plan, created_at, updated_at)
     SELECT id, email, $3, first, last, tz, 'premium', $4::timestamptz, $4::timestamptz
     FROM unnest($1::uuid[], $2::text[], $5::text[], $6::text[], $7::text[]) AS u(id, email, first, last, tz)`,
    [
      users.map((u) => u.id),
      users.map((u) => u.email),
      passwordHash,
      joined,
      users.map((u) => u.firstName),
      users.map((u) => u.lastName),
      users.map((u) => u.timeZone),
    ],
  );
  const connections = users.flatMap((u) => u.connections.map((c) => ({ u, c })));
  await sql.query(
    `INSERT INTO bank_connections (id, user_id, provider, item_id, institution_id, institution_name,
       access_token_encrypted, cursor, last_sync_at, created_at, updated_at)
     SELECT id, uid, 'plaid', item, inst, name, token, 'bench-cursor', $7::timestamptz, $8::timestamptz, $7::timestamptz
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[])
       AS c(id, uid, item, inst, name, token)`,
    [
      connections.map(({ c }) => c.id),
      connections.map(({ u }) => u.id),
      connections.map(({ c }) => c.itemId),
      connections.map(({ c }) => c.institutionId),
      connections.map(({ c }) => c.institutionName),
      connections.map(({ u, c }) =>
        cipher.encrypt(`access-production-${c.itemId.slice(5)}`, { userId: u.id, itemId: c.itemId }),
      ),
      `${options.anchor}T09:00:00Z`,
      joined,
    ],
  );
  const accounts = users.flatMap((u) => u.accounts.map((a) => ({ u, a })));
  await sql.query(
    `INSERT INTO bank_accounts (id, user_id, connection_id, provider_account_id, name, official_name, mask, type, subtype,
       created_at, updated_at)
     SELECT id, uid, cid, pid, name, official, mask, type, subtype, $10::timestamptz, $10::timestamptz
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::smallint[], $9::text[])
       AS a(id, uid, cid, pid, name, official, mask, type, subtype)`,
    [
      accounts.map(({ a }) => a.id),
      accounts.map(({ u }) => u.id),
      accounts.map(({ u, a }) => u.connections[a.connection]!.id),
      accounts.map(({ a }) => a.providerAccountId),
      accounts.map(({ a }) => a.name),
      accounts.map(({ a }) => a.officialName),
      accounts.map(({ a }) => a.mask),
      accounts.map(({ a }) => a.type),
      accounts.map(({ a }) => a.subtype),
      joined,
    ],
  );
  log(`${users.length} users, ${connections.length} connections, ${accounts.length} accounts`);

  // Secondary indexes off for the load, rebuilt afterwards from their own definitions.
  const indexes = (await sql.query(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = 'public' AND tablename = 'transactions' AND indexname <> 'transactions_pkey'`,
  )) as { indexname: string; indexdef: string }[];
  for (const { indexname } of indexes) await sql.exec(`DROP INDEX ${indexname}`);

  // Per user: scheduled rows, then everyday purchases spread over the days to hit the exact total.
  const plans = users.map((user) => {
    const r = createRandom(`${seed}|rows|${user.index}`);
    let scheduled = schedule(user, days, r);
    const rows = (days: Scheduled[][]) => days.reduce((n, d) => n + d.reduce((k, s) => k + s.rows, 0), 0);
    let count = rows(scheduled);
    // Small scales: fewer bills, so everyday spending still makes up half of each history.
    if (count > user.total / 2) {
      const keep = user.total / 2 / count;
      scheduled = scheduled.map((d) => d.filter(() => r.chance(keep)));
      count = rows(scheduled);
    }
    const dayWeights = days.map(
      (d) => ([1.1, 0.85, 0.9, 0.95, 1.0, 1.3, 1.35][d.weekday] ?? 1) * (d.month === 12 ? 1.25 : 1),
    );
    return { user, r, scheduled, everyday: apportion(user.total - count, dayWeights) };
  });

  const rowsStarted = performance.now();
  let batch = new Batch();
  let inflight: Promise<unknown> | null = null;
  let written = 0;
  const flush = async () => {
    if (batch.size === 0) return;
    const full = batch;
    batch = new Batch();
    if (inflight) await inflight;
    inflight = sql.query(INSERT_TRANSACTIONS, full.columns);
    written += full.size;
  };
  let lastLog = performance.now();

  for (let day = 0; day < days.length; day++) {
    const d = days[day]!;
    const ageDays = HISTORY_DAYS - 1 - day;
    const synced = Date.parse(`${d.iso}T06:00:00Z`) + (ageDays === 0 ? 0 : 86_400_000);
    for (const { user, r, scheduled, everyday } of plans) {
      const push = (row: Row, everydayRow: boolean) => {
        const created = synced + r.int(0, 3_600_000);
        let updated = created;
        let note: string | null = null;
        let deletedAt: string | null = null;
        // As the import maps them: transfers between own accounts are listed but uncategorised.
        const transfer = isTransfer(row.detailed);
        let category: CategoryCode = transfer ? C.Uncategorized : row.category;
        let source = 'provider';
        if (everydayRow && !transfer) {
          if (r.chance(0.012)) {
            note = r.pick(NOTES);
            updated = created + r.int(1, 20) * 3_600_000;
          }
          const x = r.next();
          if (x < 0.008) {
            source = 'user';
            category = r.pick(EXPENSE_CATEGORIES);
            updated = created + r.int(1, 48) * 3_600_000;
          } else if (x < 0.023) source = 'rule';
          if (r.chance(0.002)) {
            updated = created + r.int(1, 72) * 3_600_000;
            deletedAt = new Date(updated).toISOString();
          }
        }
        const pending = ageDays < 3 && !transfer && r.chance([0.7, 0.4, 0.15][ageDays] ?? 0);
        row.account.flow += row.amount;
        batch.push([
          user.id,
          row.account.id,
          r.token(37),
          d.iso,
          row.description,
          row.merchantName,
          row.amount,
          category,
          source,
          row.detailed,
          transfer,
          pending,
          note,
          deletedAt,
          new Date(created).toISOString(),
          new Date(updated).toISOString(),
        ]);
      };
      for (const s of scheduled[day]!) for (const row of s.make(user)) push(row, false);
      const a = user.byKind;
      for (let k = 0; k < everyday[day]!; k++) {
        const { merchant, description } = r.pickCumulative(user.locations, user.locationWeights);
        const x = r.next();
        const account =
          merchant.paidFrom === 'checking' || !a.card
            ? a.checking!
            : x < 0.62
              ? a.card
              : x < 0.82
                ? (a.card2 ?? a.card)
                : a.checking!;
        const size = merchant.amounts ? r.pick(merchant.amounts) : r.cents(merchant.min, merchant.max);
        const refund = merchant.refundRate !== undefined && r.chance(merchant.refundRate);
        const amount = merchant.income || refund ? size : -size;
        if (account.type === 2) user.owed.set(account.id, (user.owed.get(account.id) ?? 0) - amount);
        push(
          {
            account,
            description: fillDescription(description, r),
            merchantName: merchant.name,
            amount,
            category: merchant.category,
            detailed: merchant.detailed,
          },
          true,
        );
      }
      if (batch.size >= options.batchSize) await flush();
    }
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      const secs = (performance.now() - rowsStarted) / 1000;
      log(`  ${written.toLocaleString('en-US')} rows (${d.iso}) in ${secs.toFixed(0)} s`);
    }
  }
  await flush();
  await inflight;
  const rowsSeconds = (performance.now() - rowsStarted) / 1000;
  log(`${written.toLocaleString('en-US')} transactions in ${rowsSeconds.toFixed(1)} s`);

  await sql.query(
    `UPDATE bank_accounts a SET current_balance = v.balance,
       available_balance = CASE WHEN a.type = 0 THEN v.balance ELSE NULL END
     FROM unnest($1::uuid[], $2::bigint[]) AS v(id, balance) WHERE a.id = v.id`,
    [
      accounts.map(({ a }) => a.id),
      // Credit cards and loans report what is owed as a positive balance, as Plaid does.
      accounts.map(({ a }) => (a.type === 2 || a.type === 4 ? -(a.opening + a.flow) : a.opening + a.flow)),
    ],
  );

  const indexStarted = performance.now();
  for (const { indexname, indexdef } of indexes) {
    const t = performance.now();
    await sql.exec(indexdef);
    log(`  index ${indexname}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  const vacuumStarted = performance.now();
  if (options.vacuum !== false) {
    await sql.exec('VACUUM (ANALYZE)');
    log(`VACUUM (ANALYZE) in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
  }
  const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
  return {
    anchor: options.anchor,
    users: users.length,
    accounts: accounts.length,
    connections: connections.length,
    transactions: written,
    lTransactions: lRows,
    lUserId: users[0]!.id,
    seconds: {
      rows: rowsSeconds,
      indexes: indexSeconds,
      vacuumAnalyze: vacuumSeconds,
      total: (performance.now() - started) / 1000,
    },
  };
}
