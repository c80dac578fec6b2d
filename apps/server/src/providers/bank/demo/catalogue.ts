import { ACCOUNT_TYPE, type AccountTypeCode, type Cents } from '@tally/shared';
import type { ProviderInstitution } from '../types';
import type { DemoCadence, DemoSchedule } from './calendar';
import type { Random } from './random';

/**
 * The demo household's world: its institutions and accounts, the recurring items with their true cadences
 * (the ground truth detection is measured against), and the merchants of its everyday spending, as they
 * appear on US bank feeds. The demo bank's generator draws from it, and so does the benchmark data.
 */

// ---------------------------------------------------------------------------------------------------------
// Institutions and accounts

export type DemoInstitutionId = 'demo_harbor' | 'demo_summit' | 'demo_evergreen';

export const DEMO_INSTITUTIONS: readonly (Omit<ProviderInstitution, 'accounts'> & {
  id: DemoInstitutionId;
})[] = [
  {
    id: 'demo_harbor',
    name: 'Harbor National Bank',
    description:
      'Everyday checking, high-yield savings and a cash-back Visa: where most day-to-day spending happens.',
    accountTypes: ['Checking', 'Savings', 'Credit card'],
  },
  {
    id: 'demo_summit',
    name: 'Summit Credit Union',
    description:
      'A member-owned credit union with share savings, a travel and gas rewards Visa and an auto loan.',
    accountTypes: ['Savings', 'Credit card', 'Auto loan'],
  },
  {
    id: 'demo_evergreen',
    name: 'Evergreen Investments',
    description: 'Retirement and investing: an employer 401(k) and an individual brokerage account.',
    accountTypes: ['401(k)', 'Brokerage'],
  },
];

export function isDemoInstitutionId(id: string): id is DemoInstitutionId {
  return DEMO_INSTITUTIONS.some((i) => i.id === id);
}

export type DemoAccountKey =
  | 'harbor_checking'
  | 'harbor_savings'
  | 'harbor_card'
  | 'summit_savings'
  | 'summit_card'
  | 'summit_auto'
  | 'evergreen_401k'
  | 'evergreen_brokerage';

export type DemoAccount = {
  /** Also the account's providerAccountId in generated histories (the provider prefixes it per item). */
  key: DemoAccountKey;
  institutionId: DemoInstitutionId;
  name: string;
  officialName: string;
  mask: string;
  type: AccountTypeCode;
  subtype: string;
  /** Balance at the start of the generated range (before the window, see `generate`); owed for credit/loans. */
  opening: Cents;
  creditLimit: Cents | null;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'harbor_checking',
    institutionId: 'demo_harbor',
    name: 'Everyday Checking',
    officialName: 'Harbor Everyday Checking',
    mask: '4821',
    type: ACCOUNT_TYPE.Depository,
    subtype: 'checking',
    opening: 4_200_00,
    creditLimit: null,
  },
  {
    key: 'harbor_savings',
    institutionId: 'demo_harbor',
    name: 'High-Yield Savings',
    officialName: 'Harbor High-Yield Savings',
    mask: '7788',
    type: ACCOUNT_TYPE.Depository,
    subtype: 'savings',
    opening: 14_500_00,
    creditLimit: null,
  },
  {
    key: 'harbor_card',
    institutionId: 'demo_harbor',
    name: 'Cash Rewards Visa',
    officialName: 'Harbor Cash Rewards Visa Signature',
    mask: '3316',
    type: ACCOUNT_TYPE.Credit,
    subtype: 'credit card',
    opening: 0,
    creditLimit: 12_000_00,
  },
  {
    key: 'summit_savings',
    institutionId: 'demo_summit',
    name: 'Share Savings',
    officialName: 'Summit Primary Share Savings',
    mask: '0192',
    type: ACCOUNT_TYPE.Depository,
    subtype: 'savings',
    opening: 6_200_00,
    creditLimit: null,
  },
  {
    key: 'summit_card',
    institutionId: 'demo_summit',
    name: 'Summit Visa Platinum',
    officialName: 'Summit Travel Rewards Visa Platinum',
    mask: '6604',
    type: ACCOUNT_TYPE.Credit,
    subtype: 'credit card',
    opening: 0,
    creditLimit: 8_500_00,
  },
  {
    key: 'summit_auto',
    institutionId: 'demo_summit',
    name: 'Auto Loan',
    officialName: 'Summit New Vehicle Loan - 2022 Subaru Outback',
    mask: '5530',
    type: ACCOUNT_TYPE.Loan,
    subtype: 'auto',
    opening: 31_800_00,
    creditLimit: null,
  },
  {
    key: 'evergreen_401k',
    institutionId: 'demo_evergreen',
    name: 'Northwind Labs 401(k)',
    officialName: 'Northwind Labs 401(k) Savings Plan',
    mask: '2207',
    type: ACCOUNT_TYPE.Investment,
    subtype: '401k',
    opening: 48_000_00,
    creditLimit: null,
  },
  {
    key: 'evergreen_brokerage',
    institutionId: 'demo_evergreen',
    name: 'Individual Brokerage',
    officialName: 'Evergreen Individual Brokerage Account',
    mask: '9054',
    type: ACCOUNT_TYPE.Investment,
    subtype: 'brokerage',
    opening: 22_000_00,
    creditLimit: null,
  },
];

const ACCOUNTS = new Map(DEMO_ACCOUNTS.map((a) => [a.key, a]));

export function demoAccount(key: DemoAccountKey): DemoAccount {
  const found = ACCOUNTS.get(key);
  if (!found) throw new Error(`Unknown demo account ${key}`);
  return found;
}

export const AUTO_LOAN_APR = 0.0649;

// ---------------------------------------------------------------------------------------------------------
// Categories: Plaid personal_finance_category, detailed → primary

const PRIMARY_CATEGORIES = [
  'INCOME',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'LOAN_PAYMENTS',
  'BANK_FEES',
  'ENTERTAINMENT',
  'FOOD_AND_DRINK',
  'GENERAL_MERCHANDISE',
  'HOME_IMPROVEMENT',
  'MEDICAL',
  'PERSONAL_CARE',
  'GENERAL_SERVICES',
  'GOVERNMENT_AND_NON_PROFIT',
  'TRANSPORTATION',
  'TRAVEL',
  'RENT_AND_UTILITIES',
] as const;

const primaryOf = new Map<string, string>();

/** Plaid's detailed categories are their primary plus a suffix, e.g. FOOD_AND_DRINK_GROCERIES. */
export function primaryCategoryOf(detailed: string): string {
  let primary = primaryOf.get(detailed);
  if (!primary) {
    primary = PRIMARY_CATEGORIES.find((p) => detailed.startsWith(`${p}_`));
    if (!primary) throw new Error(`Not a Plaid detailed category: ${detailed}`);
    primaryOf.set(detailed, primary);
  }
  return primary;
}

// ---------------------------------------------------------------------------------------------------------
// Recurring items: the ground truth later features (subscription detection, insights) are measured against

export type DemoRecurringKind = 'income' | 'bill' | 'subscription' | 'transfer' | 'loan' | 'interest';
/** The subscription categories of SPEC §3. */
export type DemoSubscriptionCategory = 'Streaming' | 'Software' | 'Fitness' | 'Shopping' | 'Other';

export type Leg = {
  account: DemoAccountKey;
  description: string;
  merchantName: string | null;
  detailed: string;
};

export type AmountRule =
  /** A fixed price; `changes` take effect `daysBeforeAnchor` days before the history's anchor (today). */
  | {
      kind: 'fixed';
      cents: Cents;
      changes?: readonly { daysBeforeAnchor: number; cents: Cents }[];
      income?: boolean;
    }
  /** A utility bill: higher in winter. */
  | { kind: 'seasonal'; min: Cents; max: Cents }
  /** A card's previous calendar month, paid in full. */
  | { kind: 'statement'; card: 'harbor_card' | 'summit_card' }
  /** Monthly interest on the receiving account's balance. */
  | { kind: 'interest'; annualRate: number };

export type RecurringDef = {
  id: string;
  kind: DemoRecurringKind;
  name: string;
  schedule: DemoSchedule;
  amount: AmountRule;
  /** Where the money leaves (negative amount). */
  from?: Leg;
  /** Where it arrives (positive amount). */
  to?: Leg;
  /** Charged to a card: shows as pending first. */
  card?: boolean;
  subscriptionCategory?: DemoSubscriptionCategory;
};

const PAYDAY = { cadence: 'biweekly', weekday: 5, oddWeeks: true } as const;

export const RECURRING_DEFS: readonly RecurringDef[] = [
  {
    id: 'salary',
    kind: 'income',
    name: 'Northwind Labs salary',
    schedule: PAYDAY,
    amount: { kind: 'fixed', cents: 3_412_57, income: true },
    to: {
      account: 'harbor_checking',
      description: 'NORTHWIND LABS INC DIRECT DEP PPD ID: 9111000123',
      merchantName: 'Northwind Labs',
      detailed: 'INCOME_WAGES',
    },
  },
  {
    id: 'bonus',
    kind: 'income',
    name: 'Northwind Labs annual bonus',
    schedule: { cadence: 'annual', month: 3, day: 13, businessDay: true },
    amount: { kind: 'fixed', cents: 6_250_00, income: true },
    to: {
      account: 'harbor_checking',
      description: 'NORTHWIND LABS INC BONUS PPD ID: 9111000123',
      merchantName: 'Northwind Labs',
      detailed: 'INCOME_WAGES',
    },
  },
  {
    id: '401k_employee',
    kind: 'transfer',
    name: '401(k) payroll contribution',
    schedule: PAYDAY,
    amount: { kind: 'fixed', cents: 318_00, income: true },
    to: {
      account: 'evergreen_401k',
      description: 'EMPLOYEE CONTRIBUTION PRE-TAX NORTHWIND LABS',
      merchantName: 'Northwind Labs',
      detailed: 'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
    },
  },
  {
    id: '401k_match',
    kind: 'transfer',
    name: '401(k) employer match',
    schedule: PAYDAY,
    amount: { kind: 'fixed', cents: 212_00, income: true },
    to: {
      account: 'evergreen_401k',
      description: 'EMPLOYER MATCH NORTHWIND LABS',
      merchantName: 'Northwind Labs',
      detailed: 'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
    },
  },
  {
    id: 'rent',
    kind: 'bill',
    name: 'Rent',
    schedule: { cadence: 'monthly', day: 1, businessDay: true },
    amount: { kind: 'fixed', cents: 2_850_00, changes: [{ daysBeforeAnchor: 150, cents: 2_950_00 }] },
    from: {
      account: 'harbor_checking',
      description: 'BAYVIEW PROPERTY MGMT WEB PMTS PPD ID: 1462289037',
      merchantName: 'Bayview Property Management',
      detailed: 'RENT_AND_UTILITIES_RENT',
    },
  },
  {
    id: 'electric',
    kind: 'bill',
    name: 'PG&E gas and electric',
    schedule: { cadence: 'monthly', day: 8, businessDay: true },
    amount: { kind: 'seasonal', min: 58_00, max: 192_00 },
    from: {
      account: 'harbor_checking',
      description: 'PGANDE WEB ONLINE PPD ID: 9494260001',
      merchantName: 'PG&E',
      detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
    },
  },
  {
    id: 'internet',
    kind: 'bill',
    name: 'Xfinity internet',
    schedule: { cadence: 'monthly', day: 19 },
    amount: { kind: 'fixed', cents: 79_99 },
    card: true,
    from: {
      account: 'harbor_card',
      description: 'COMCAST XFINITY 800-266-2278 CA',
      merchantName: 'Xfinity',
      detailed: 'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
    },
  },
  {
    id: 'phone',
    kind: 'bill',
    name: 'Verizon Wireless',
    schedule: { cadence: 'monthly', day: 23 },
    amount: { kind: 'fixed', cents: 87_43 },
    card: true,
    from: {
      account: 'harbor_card',
      description: 'VZWRLSS*MY VZ VB P 800-922-0204 FL',
      merchantName: 'Verizon',
      detailed: 'RENT_AND_UTILITIES_TELEPHONE',
    },
  },
  {
    id: 'auto_insurance',
    kind: 'bill',
    name: 'GEICO auto insurance',
    schedule: { cadence: 'monthly', day: 20, businessDay: true },
    amount: { kind: 'fixed', cents: 142_30 },
    from: {
      account: 'harbor_checking',
      description: 'GEICO *AUTO PPD ID: 0000361245',
      merchantName: 'GEICO',
      detailed: 'GENERAL_SERVICES_INSURANCE',
    },
  },
  {
    id: 'renters_insurance',
    kind: 'bill',
    name: "Lemonade renter's insurance",
    schedule: { cadence: 'monthly', day: 12 },
    amount: { kind: 'fixed', cents: 12_25 },
    card: true,
    from: {
      account: 'harbor_card',
      description: 'LEMONADE INSURANCE CO LEMONADE.COM NY',
      merchantName: 'Lemonade',
      detailed: 'GENERAL_SERVICES_INSURANCE',
    },
  },
  {
    id: 'netflix',
    kind: 'subscription',
    name: 'Netflix Standard',
    subscriptionCategory: 'Streaming',
    schedule: { cadence: 'monthly', day: 14 },
    amount: { kind: 'fixed', cents: 15_49, changes: [{ daysBeforeAnchor: 270, cents: 17_99 }] },
    card: true,
    from: {
      account: 'harbor_card',
      description: 'NETFLIX.COM 866-579-7172 CA',
      merchantName: 'Netflix',
      detailed: 'ENTERTAINMENT_TV_AND_MOVIES',
    },
  },
  {
    id: 'spotify',
    kind: 'subscription',
    name: 'Spotify Premium',
    subscriptionCategory: 'Streaming',
    schedule: { cadence: 'monthly', day: 9 },
    amount: { kind: 'fixed', cents: 10_99, changes: [{ daysBeforeAnchor: 420, cents: 11_99 }] },
    card: true,
    from: {
      account: 'harbor_card',
      description: 'SPOTIFY USA 877-778-1161 NY',
      merchantName: 'Spotify',
      detailed: 'ENTERTAINMENT_MUSIC_AND_AUDIO',
    },
  },
  {
    id: 'dropbox',
    kind: 'subscription',
    name: 'Dropbox Plus',
    subscriptionCategory: 'Software',
    schedule: { cadence: 'monthly', day: 24 },
    amount: { kind: 'fixed', cents: 11_99 },
    card: true,
    from: {
      account: 'harbor_card',
      description: 'DROPBOX*{code} DROPBOX.COM CA',
      merchantName: 'Dropbox',
      detailed: 'GENERAL_SERVICES_STORAGE',
    },
  },
  {
    id: 'chatgpt',
    kind: 'subscription',
    name: 'ChatGPT Plus',
    subscriptionCategory: 'Software',
    schedule: { cadence: 'monthly', day: 30 },
    amount: { kind: 'fixed', cents: 20_00 },
    card: true,
    from: {
      account: 'harbor_card',
      description: 'OPENAI *CHATGPT SUBSCR OPENAI.COM CA',
      merchantName: 'OpenAI',
      detailed: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
    },
  },
  {
    id: 'gym',
    kind: 'subscription',
    name: 'Crunch Fitness membership',
    subscriptionCategory: 'Fitness',
    schedule: { cadence: 'monthly', day: 3 },
    amount: { kind: 'fixed', cents: 34_99 },
    card: true,
    from: {
      account: 'harbor_checking',
      description: 'CRUNCH FITNESS #187 SAN FRANCISCO CA',
      merchantName: 'Crunch Fitness',
      detailed: 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
    },
  },
  {
    id: 'amazon_prime',
    kind: 'subscription',
    name: 'Amazon Prime (annual)',
    subscriptionCategory: 'Shopping',
    schedule: { cadence: 'annual', month: 3, day: 9 },
    amount: { kind: 'fixed', cents: 139_00 },
    card: true,
    from: {
      account: 'harbor_card',
      description: 'AMAZON PRIME*{code} AMZN.COM/BILL WA',
      merchantName: 'Amazon Prime',
      detailed: 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
    },
  },
  {
    id: 'hellofresh',
    kind: 'subscription',
    name: 'HelloFresh weekly box',
    subscriptionCategory: 'Other',
    schedule: { cadence: 'weekly', weekday: 3 },
    amount: { kind: 'fixed', cents: 71_93 },
    card: true,
    from: {
      account: 'harbor_card',
      description: 'HELLOFRESH 646-846-3663 NY',
      merchantName: 'HelloFresh',
      detailed: 'FOOD_AND_DRINK_GROCERIES',
    },
  },
  {
    id: 'aaa',
    kind: 'subscription',
    name: 'AAA membership (annual)',
    subscriptionCategory: 'Other',
    schedule: { cadence: 'annual', month: 8, day: 23 },
    amount: { kind: 'fixed', cents: 64_00 },
    card: true,
    from: {
      account: 'summit_card',
      description: 'AAA NCNU MEMBERSHIP 800-222-4357 CA',
      merchantName: 'AAA',
      detailed: 'GENERAL_SERVICES_AUTOMOTIVE',
    },
  },
  {
    id: 'savings_transfer',
    kind: 'transfer',
    name: 'Automatic transfer to savings',
    schedule: { cadence: 'monthly', day: 16 },
    amount: { kind: 'fixed', cents: 500_00 },
    from: {
      account: 'harbor_checking',
      description: 'AUTOMATIC TRANSFER TO SAVINGS XXXXXX7788',
      merchantName: null,
      detailed: 'TRANSFER_OUT_SAVINGS',
    },
    to: {
      account: 'harbor_savings',
      description: 'AUTOMATIC TRANSFER FROM CHECKING XXXXXX4821',
      merchantName: null,
      detailed: 'TRANSFER_IN_SAVINGS',
    },
  },
  {
    id: 'credit_union_savings',
    kind: 'transfer',
    name: 'Summit share savings deposit',
    schedule: { cadence: 'monthly', day: 16, businessDay: true },
    amount: { kind: 'fixed', cents: 250_00 },
    from: {
      account: 'harbor_checking',
      description: 'SUMMIT CU SHARE DEP PPD ID: 3912004477',
      merchantName: null,
      detailed: 'TRANSFER_OUT_ACCOUNT_TRANSFER',
    },
    to: {
      account: 'summit_savings',
      description: 'ACH DEPOSIT HARBOR NATL XFER',
      merchantName: null,
      detailed: 'TRANSFER_IN_SAVINGS',
    },
  },
  {
    id: 'brokerage_deposit',
    kind: 'transfer',
    name: 'Monthly brokerage deposit',
    schedule: { cadence: 'monthly', day: 2, businessDay: true },
    amount: { kind: 'fixed', cents: 400_00 },
    from: {
      account: 'harbor_checking',
      description: 'EVERGREEN INVEST ACH XFER PPD ID: 8823001145',
      merchantName: null,
      detailed: 'TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS',
    },
    to: {
      account: 'evergreen_brokerage',
      description: 'ELECTRONIC FUNDS TRANSFER RECEIVED',
      merchantName: null,
      detailed: 'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
    },
  },
  {
    id: 'auto_loan',
    kind: 'loan',
    name: 'Auto loan payment',
    schedule: { cadence: 'monthly', day: 5, businessDay: true },
    amount: { kind: 'fixed', cents: 632_40 },
    from: {
      account: 'harbor_checking',
      description: 'SUMMIT CU AUTO LOAN PMT PPD ID: 3912004477',
      merchantName: null,
      detailed: 'LOAN_PAYMENTS_CAR_PAYMENT',
    },
    to: {
      account: 'summit_auto',
      description: 'LOAN PAYMENT RECEIVED - THANK YOU',
      merchantName: null,
      detailed: 'LOAN_PAYMENTS_CAR_PAYMENT',
    },
  },
  {
    id: 'harbor_card_payment',
    kind: 'loan',
    name: 'Cash Rewards Visa autopay',
    schedule: { cadence: 'monthly', day: 22, businessDay: true },
    amount: { kind: 'statement', card: 'harbor_card' },
    from: {
      account: 'harbor_checking',
      description: 'HARBOR NATIONAL CARD AUTOPAY PPD ID: 7000452211',
      merchantName: null,
      detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    },
    to: {
      account: 'harbor_card',
      description: 'AUTOPAY PAYMENT - THANK YOU',
      merchantName: null,
      detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    },
  },
  {
    id: 'summit_card_payment',
    kind: 'loan',
    name: 'Summit Visa payment',
    schedule: { cadence: 'monthly', day: 18, businessDay: true },
    amount: { kind: 'statement', card: 'summit_card' },
    from: {
      account: 'harbor_checking',
      description: 'SUMMIT CU VISA EPAY PPD ID: 3912004477',
      merchantName: null,
      detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    },
    to: {
      account: 'summit_card',
      description: 'PAYMENT RECEIVED - THANK YOU',
      merchantName: null,
      detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    },
  },
  {
    id: 'savings_interest',
    kind: 'interest',
    name: 'High-yield savings interest',
    schedule: { cadence: 'monthly', day: 31 },
    amount: { kind: 'interest', annualRate: 0.0375 },
    to: {
      account: 'harbor_savings',
      description: 'INTEREST PAYMENT',
      merchantName: null,
      detailed: 'INCOME_INTEREST_EARNED',
    },
  },
  {
    id: 'share_dividend',
    kind: 'interest',
    name: 'Share savings dividend',
    schedule: { cadence: 'monthly', day: 31 },
    amount: { kind: 'interest', annualRate: 0.0225 },
    to: {
      account: 'summit_savings',
      description: 'DIVIDEND EARNED',
      merchantName: null,
      detailed: 'INCOME_INTEREST_EARNED',
    },
  },
];

/** The leg whose transactions stand for a recurring item: the outflow when there is one, else the inflow. */
function mainLeg(def: RecurringDef): Leg {
  const leg = def.from ?? def.to;
  if (!leg) throw new Error(`Recurring item ${def.id} has no legs`);
  return leg;
}

export function ownerInstitution(def: RecurringDef): DemoInstitutionId {
  return demoAccount(mainLeg(def).account).institutionId;
}

export type DemoRecurring = {
  id: string;
  kind: DemoRecurringKind;
  name: string;
  /** As on the transactions (the main leg's); null for plain transfers. */
  merchantName: string | null;
  /** The main leg's description; `{code}` marks a part that changes every charge. */
  description: string;
  institutionId: DemoInstitutionId;
  accountKey: DemoAccountKey;
  accountName: string;
  /** The other side of a transfer, loan or card payment (both legs are in the data). */
  counterpart: { institutionId: DemoInstitutionId; accountKey: DemoAccountKey } | null;
  cadence: DemoCadence;
  schedule: DemoSchedule;
  /**
   * Our sign, at the start of the history; null when it varies every time (bills, statements, interest).
   * Income amounts grow with the `transactionsPerInstitution` scale; at the default scale they are exact.
   */
  amount: Cents | null;
  /** Price changes, effective on the first charge on or after `daysBeforeAnchor` days before today. */
  priceChanges: { daysBeforeAnchor: number; amount: Cents }[];
  /** Charged to a card, so each charge is pending for 1–3 days first. */
  card: boolean;
  categoryPrimary: string;
  categoryDetailed: string;
  subscriptionCategory: DemoSubscriptionCategory | null;
};

/**
 * Every recurring item the generator knows about. Subscription detection is measured against the entries
 * with kind 'subscription' (8 of them: monthly streaming with a price increase, monthly music with one too,
 * cloud storage, software, a gym, two annual memberships and a weekly meal kit). `getDemoRecurring` resolves
 * them against a concrete history (charge dates, the price-change date, the next due date).
 */
export const DEMO_RECURRING: readonly DemoRecurring[] = RECURRING_DEFS.map((def) => {
  const leg = mainLeg(def);
  const sign = def.from ? -1 : 1;
  const other = def.from && def.to ? def.to : null;
  return {
    id: def.id,
    kind: def.kind,
    name: def.name,
    merchantName: leg.merchantName,
    description: leg.description,
    institutionId: demoAccount(leg.account).institutionId,
    accountKey: leg.account,
    accountName: demoAccount(leg.account).name,
    counterpart: other
      ? { institutionId: demoAccount(other.account).institutionId, accountKey: other.account }
      : null,
    cadence: def.schedule.cadence,
    schedule: def.schedule,
    amount: def.amount.kind === 'fixed' ? sign * def.amount.cents : null,
    priceChanges:
      def.amount.kind === 'fixed'
        ? (def.amount.changes ?? []).map((c) => ({
            daysBeforeAnchor: c.daysBeforeAnchor,
            amount: sign * c.cents,
          }))
        : [],
    card: def.card ?? false,
    categoryPrimary: primaryCategoryOf(leg.detailed),
    categoryDetailed: leg.detailed,
    subscriptionCategory: def.subscriptionCategory ?? null,
  };
});

// ---------------------------------------------------------------------------------------------------------
// Everyday spending

/** A descriptor with its placeholders filled: `{code}` a fresh order code, `{num}` a reference number. */
export function fillDescription(template: string, rng: Random): string {
  if (!template.includes('{')) return template;
  return template.replaceAll('{code}', () => rng.code(10)).replaceAll('{num}', () => rng.digits(10));
}

export type Merchant = {
  name: string | null;
  /** Bank-feed descriptors; `{code}` becomes a fresh order code, `{num}` a reference number. */
  descriptions: readonly string[];
  /** Amount range in cents (log-uniform): small purchases common, large ones rare. */
  min: Cents;
  max: Cents;
  /** A fixed menu of amounts instead of the range (ATM withdrawals, transit and toll top-ups). */
  amounts?: readonly Cents[];
  /** Plaid detailed category, when it differs from the stream's. */
  detailed?: string;
  weight?: number;
  /** Chance that a purchase is refunded (in full or in part) 4–21 days later. */
  refundRate?: number;
};

export type Stream = {
  id: string;
  account: DemoAccountKey;
  /** Average count per week at scale 1. */
  perWeek: number;
  /** Plaid detailed category of its merchants unless they say otherwise. */
  detailed: string;
  /** Relative weight per weekday, Sunday first. */
  weekdays?: readonly number[];
  /** Relative weight per month, January first. */
  months?: readonly number[];
  /** Card purchases go pending first; ACH and cash do not. */
  card: boolean;
  /** Restaurants: pending shows the pre-tip amount; the posted one includes the tip. */
  tip?: boolean;
  /** +1 for money in (Venmo cash-outs), -1 for spending. */
  sign: 1 | -1;
  merchants: readonly Merchant[];
};

type MerchantExtra = Pick<Merchant, 'amounts' | 'detailed' | 'weight' | 'refundRate'>;

const shop = (
  name: string | null,
  descriptions: string | readonly string[],
  min: Cents,
  max: Cents,
  extra: MerchantExtra = {},
): Merchant => ({
  name,
  descriptions: typeof descriptions === 'string' ? [descriptions] : descriptions,
  min,
  max,
  ...extra,
});

const WEEKEND = [1.5, 0.7, 0.7, 0.8, 0.9, 1.2, 1.6];
const EVENINGS_OUT = [0.9, 0.5, 0.6, 0.8, 1.0, 1.7, 1.8];
const WORKDAYS = [0.5, 1.2, 1.2, 1.2, 1.2, 1.1, 0.6];
const HOLIDAY_SHOPPING = [0.9, 0.8, 0.9, 0.9, 1, 0.9, 0.9, 1, 0.9, 1, 1.4, 2.0];
const TRAVEL_SEASON = [0.6, 0.6, 0.9, 0.9, 1, 1.6, 1.8, 1.6, 0.9, 0.8, 1, 1.5];

const SF = 'SAN FRANCISCO CA';

export const STREAMS: readonly Stream[] = [
  // Harbor Cash Rewards Visa: most everyday spending.
  {
    id: 'groceries',
    account: 'harbor_card',
    perWeek: 1.7,
    detailed: 'FOOD_AND_DRINK_GROCERIES',
    weekdays: WEEKEND,
    card: true,
    sign: -1,
    merchants: [
      shop("Trader Joe's", [`TRADER JOE'S #552 ${SF}`, `TRADER JOE'S #236 ${SF}`], 18_50, 96_00, {
        weight: 3,
      }),
      shop('Safeway', [`SAFEWAY #1490 ${SF}`, `SAFEWAY #2606 ${SF}`], 12_00, 118_00, { weight: 2 }),
      shop('Whole Foods Market', [`WHOLEFDS SFO 10155 ${SF}`, `WHOLEFDS FRK 10630 ${SF}`], 22_00, 142_00, {
        weight: 2,
      }),
      shop('Rainbow Grocery', `RAINBOW GROCERY COOP ${SF}`, 24_00, 88_00),
      shop('Berkeley Bowl', 'BERKELEY BOWL WEST BERKELEY CA', 30_00, 110_00, { weight: 0.5 }),
    ],
  },
  {
    id: 'restaurants',
    account: 'harbor_card',
    perWeek: 1.5,
    detailed: 'FOOD_AND_DRINK_RESTAURANT',
    weekdays: EVENINGS_OUT,
    card: true,
    tip: true,
    sign: -1,
    merchants: [
      shop('Nopalito', `TST* NOPALITO ${SF}`, 28_00, 96_00),
      shop('Flour + Water', `TST* FLOUR + WATER ${SF}`, 45_00, 160_00),
      shop('Burma Superstar', `BURMA SUPERSTAR ${SF}`, 32_00, 88_00),
      shop('Tartine Manufactory', 'SQ *TARTINE MANUFACTORY San Francisco CA', 18_00, 64_00),
      shop('Souvla', 'SQ *SOUVLA HAYES VALLEY San Francisco CA', 16_00, 48_00),
      shop('Zuni Café', `ZUNI CAFE ${SF}`, 60_00, 190_00, { weight: 0.5 }),
      shop('House of Prime Rib', `HOUSE OF PRIME RIB ${SF}`, 90_00, 240_00, { weight: 0.3 }),
    ],
  },
  {
    id: 'fast_food',
    account: 'harbor_card',
    perWeek: 1.1,
    detailed: 'FOOD_AND_DRINK_FAST_FOOD',
    weekdays: WORKDAYS,
    card: true,
    sign: -1,
    merchants: [
      shop('Chipotle Mexican Grill', `CHIPOTLE 2291 ${SF}`, 11_00, 24_00),
      shop('Sweetgreen', `SWEETGREEN SOMA ${SF}`, 13_00, 22_00),
      shop('In-N-Out Burger', `IN-N-OUT BURGER #209 ${SF}`, 8_00, 19_00),
      shop('Super Duper Burgers', `SUPER DUPER BURGERS ${SF}`, 12_00, 26_00),
    ],
  },
  {
    id: 'delivery',
    account: 'harbor_card',
    perWeek: 0.6,
    detailed: 'FOOD_AND_DRINK_RESTAURANT',
    weekdays: EVENINGS_OUT,
    card: true,
    sign: -1,
    merchants: [
      shop('DoorDash', 'DOORDASH*{code} WWW.DOORDASH. CA', 24_00, 68_00),
      shop('Uber Eats', 'UBER *EATS HELP.UBER.COM CA', 22_00, 61_00),
    ],
  },
  {
    id: 'rideshare',
    account: 'harbor_card',
    perWeek: 0.6,
    detailed: 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
    weekdays: EVENINGS_OUT,
    card: true,
    sign: -1,
    merchants: [
      shop('Uber', 'UBER *TRIP HELP.UBER.COM CA', 9_00, 42_00),
      shop('Lyft', 'LYFT *RIDE LYFT.COM CA', 8_00, 38_00),
    ],
  },
  {
    id: 'shopping',
    account: 'harbor_card',
    perWeek: 1.4,
    detailed: 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
    months: HOLIDAY_SHOPPING,
    card: true,
    sign: -1,
    merchants: [
      shop(
        'Amazon',
        ['AMAZON MKTPL*{code} AMZN.COM/BILL WA', 'AMZN MKTP US*{code} AMZN.COM/BILL WA'],
        7_00,
        140_00,
        {
          detailed: 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
          weight: 4,
          refundRate: 0.08,
        },
      ),
      shop('Target', `TARGET 00027812 ${SF}`, 9_00, 150_00, {
        detailed: 'GENERAL_MERCHANDISE_SUPERSTORES',
        weight: 2,
        refundRate: 0.05,
      }),
      shop('Uniqlo', `UNIQLO USA LLC ${SF}`, 25_00, 160_00, {
        detailed: 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES',
        weight: 0.7,
        refundRate: 0.15,
      }),
      shop('REI', `REI #48 ${SF}`, 18_00, 260_00, {
        detailed: 'GENERAL_MERCHANDISE_SPORTING_GOODS',
        weight: 0.5,
        refundRate: 0.12,
      }),
      shop('Best Buy', `BEST BUY 00014910 ${SF}`, 20_00, 480_00, {
        detailed: 'GENERAL_MERCHANDISE_ELECTRONICS',
        weight: 0.3,
        refundRate: 0.1,
      }),
      shop('The Home Depot', `THE HOME DEPOT #0621 ${SF}`, 9_00, 140_00, {
        detailed: 'HOME_IMPROVEMENT_HARDWARE',
        weight: 0.6,
        refundRate: 0.06,
      }),
      shop('Green Apple Books', `GREEN APPLE BOOKS ${SF}`, 12_00, 48_00, {
        detailed: 'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS',
        weight: 0.4,
      }),
      shop('Etsy', 'ETSY.COM - {code} BROOKLYN NY', 15_00, 85_00, {
        detailed: 'GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES',
        weight: 0.4,
      }),
    ],
  },
  {
    id: 'health',
    account: 'harbor_card',
    perWeek: 0.35,
    detailed: 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS',
    card: true,
    sign: -1,
    merchants: [
      shop('Walgreens', `WALGREENS #3285 ${SF}`, 6_00, 48_00, { weight: 2 }),
      shop('CVS Pharmacy', `CVS/PHARMACY #09772 ${SF}`, 5_00, 42_00, { weight: 1.5 }),
      shop('Sutter Health', 'SUTTER HEALTH CPMC 800-464-4405 CA', 25_00, 180_00, {
        detailed: 'MEDICAL_PRIMARY_CARE',
        weight: 0.3,
      }),
      shop('Pacific Heights Dental', `PACIFIC HEIGHTS DENTAL ${SF}`, 45_00, 260_00, {
        detailed: 'MEDICAL_DENTAL_CARE',
        weight: 0.15,
      }),
    ],
  },
  {
    id: 'entertainment',
    account: 'harbor_card',
    perWeek: 0.35,
    // Not ENTERTAINMENT_TV_AND_MOVIES: categoryFromProvider maps that to Subscriptions (streaming).
    detailed: 'ENTERTAINMENT_OTHER_ENTERTAINMENT',
    weekdays: EVENINGS_OUT,
    card: true,
    sign: -1,
    merchants: [
      shop('AMC Theatres', `AMC METREON 16 #2010 ${SF}`, 16_00, 44_00),
      shop('Alamo Drafthouse', `ALAMO DRAFTHOUSE NEW MISSION ${SF}`, 18_00, 52_00),
      shop('Ticketmaster', 'TICKETMASTER 800-653-8000 CA', 45_00, 280_00, {
        detailed: 'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_CONCERTS',
        weight: 0.4,
      }),
      shop('Steam', 'STEAMGAMES.COM 4259522985 WA', 5_00, 60_00, {
        detailed: 'ENTERTAINMENT_VIDEO_GAMES',
        weight: 0.6,
      }),
      shop('California Academy of Sciences', `CAL ACADEMY OF SCIENCES ${SF}`, 40_00, 90_00, { weight: 0.2 }),
    ],
  },
  {
    id: 'personal_care',
    account: 'harbor_card',
    perWeek: 0.3,
    detailed: 'PERSONAL_CARE_HAIR_AND_BEAUTY',
    card: true,
    sign: -1,
    merchants: [
      shop("People's Barber", "SQ *PEOPLE'S BARBER San Francisco CA", 35_00, 65_00, { weight: 2 }),
      shop('Sephora', `SEPHORA #0442 ${SF}`, 18_00, 95_00),
      shop('Mission Cleaners', `MISSION CLEANERS ${SF}`, 12_00, 38_00, {
        detailed: 'PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING',
      }),
    ],
  },
  // Harbor checking: debit card, ATM and person-to-person payments.
  {
    id: 'coffee',
    account: 'harbor_checking',
    perWeek: 3.2,
    detailed: 'FOOD_AND_DRINK_COFFEE',
    weekdays: WORKDAYS,
    card: true,
    sign: -1,
    merchants: [
      shop('Blue Bottle Coffee', `BLUE BOTTLE COFFEE ${SF}`, 4_75, 14_50, { weight: 2 }),
      shop('Philz Coffee', `PHILZ COFFEE - 24TH ST ${SF}`, 4_50, 12_75, { weight: 2 }),
      shop('Starbucks', `STARBUCKS STORE 05798 ${SF}`, 3_95, 11_80),
      shop('Sightglass Coffee', `SIGHTGLASS COFFEE ${SF}`, 4_25, 13_00),
    ],
  },
  {
    id: 'corner_store',
    account: 'harbor_checking',
    perWeek: 0.5,
    detailed: 'FOOD_AND_DRINK_GROCERIES',
    weekdays: WEEKEND,
    card: true,
    sign: -1,
    merchants: [
      shop('Bi-Rite Market', `BI-RITE MARKET ${SF}`, 6_00, 42_00, { weight: 2 }),
      shop('Good Life Grocery', `GOOD LIFE GROCERY ${SF}`, 5_00, 35_00),
      shop('K&L Wine Merchants', `K&L WINE MERCHANTS ${SF}`, 18_00, 75_00, {
        detailed: 'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR',
        weight: 0.4,
      }),
    ],
  },
  {
    id: 'transit',
    account: 'harbor_checking',
    perWeek: 0.4,
    detailed: 'TRANSPORTATION_PUBLIC_TRANSIT',
    weekdays: WORKDAYS,
    card: true,
    sign: -1,
    merchants: [
      shop('Clipper', 'CLIPPER SERVICE 877-878-8883 CA', 20_00, 50_00, {
        amounts: [20_00, 30_00, 40_00, 50_00],
      }),
      shop('BART', [`BART-EMBARCADERO ${SF}`, `BART-16TH ST MISSION ${SF}`], 5_60, 12_40),
    ],
  },
  {
    id: 'atm',
    account: 'harbor_checking',
    perWeek: 0.3,
    detailed: 'TRANSFER_OUT_WITHDRAWAL',
    card: false,
    sign: -1,
    merchants: [
      shop(
        null,
        [`ATM WITHDRAWAL 002917 MARKET ST & 4TH ${SF}`, `ATM WITHDRAWAL 004410 24TH ST & MISSION ${SF}`],
        40_00,
        200_00,
        {
          amounts: [40_00, 60_00, 60_00, 80_00, 100_00, 100_00, 200_00],
        },
      ),
    ],
  },
  {
    id: 'p2p_out',
    account: 'harbor_checking',
    perWeek: 0.45,
    detailed: 'TRANSFER_OUT_ACCOUNT_TRANSFER',
    card: false,
    sign: -1,
    merchants: [
      shop('Venmo', 'VENMO PAYMENT {num} WEB ID: 3264681992', 8_00, 120_00, { weight: 3 }),
      shop(
        'Zelle',
        ['Zelle payment to Jordan Lee Conf# {code}', 'Zelle payment to Priya Shah Conf# {code}'],
        20_00,
        300_00,
      ),
    ],
  },
  {
    id: 'p2p_in',
    account: 'harbor_checking',
    perWeek: 0.2,
    detailed: 'TRANSFER_IN_ACCOUNT_TRANSFER',
    card: false,
    sign: 1,
    merchants: [shop('Venmo', 'VENMO CASHOUT PPD ID: 5264681992', 15_00, 160_00)],
  },
  // Summit Visa: the car, Costco and travel.
  {
    id: 'gas',
    account: 'summit_card',
    perWeek: 0.9,
    detailed: 'TRANSPORTATION_GAS',
    card: true,
    sign: -1,
    merchants: [
      shop('Chevron', `CHEVRON 0094512 ${SF}`, 38_00, 78_00, { weight: 2 }),
      shop('Shell', 'SHELL OIL 57444591004 DALY CITY CA', 36_00, 74_00),
      shop('ARCO', `ARCO #82644 ${SF}`, 30_00, 65_00),
      shop('Costco Gas', `COSTCO GAS #0144 ${SF}`, 35_00, 70_00, { weight: 1.5 }),
      shop('76', `76 - GOLDEN GATE ${SF}`, 40_00, 80_00, { weight: 0.6 }),
    ],
  },
  {
    id: 'warehouse',
    account: 'summit_card',
    perWeek: 0.45,
    detailed: 'GENERAL_MERCHANDISE_SUPERSTORES',
    weekdays: WEEKEND,
    months: HOLIDAY_SHOPPING,
    card: true,
    sign: -1,
    merchants: [shop('Costco', `COSTCO WHSE #0144 ${SF}`, 85_00, 380_00, { refundRate: 0.04 })],
  },
  {
    id: 'parking',
    account: 'summit_card',
    perWeek: 0.5,
    detailed: 'TRANSPORTATION_PARKING',
    card: true,
    sign: -1,
    merchants: [
      shop('SFMTA', `PAYBYPHONE SFMTA ${SF}`, 2_50, 18_00, { weight: 2 }),
      shop('SP+ Parking', `SP+ PARKING 1455 MARKET ${SF}`, 12_00, 38_00),
      shop('FasTrak', 'FASTRAK CSC 877-229-8655 CA', 25_00, 35_00, {
        amounts: [25_00, 35_00],
        detailed: 'TRANSPORTATION_TOLLS',
        weight: 0.5,
      }),
    ],
  },
  {
    id: 'travel',
    account: 'summit_card',
    perWeek: 0.12,
    detailed: 'TRAVEL_FLIGHTS',
    months: TRAVEL_SEASON,
    card: true,
    sign: -1,
    merchants: [
      shop('United Airlines', 'UNITED 0162348810293 800-932-2732 TX', 160_00, 680_00, { refundRate: 0.1 }),
      shop('Alaska Airlines', 'ALASKA AIR 0272107384119 SEATTLE WA', 120_00, 520_00, { refundRate: 0.08 }),
      shop(
        'Marriott',
        ['MARRIOTT PORTLAND DOWNTOWN PORTLAND OR', 'MARRIOTT MARQUIS SAN DIEGO CA'],
        190_00,
        780_00,
        {
          detailed: 'TRAVEL_LODGING',
        },
      ),
      shop('Airbnb', 'AIRBNB * {code} 415-800-5959 CA', 240_00, 1_200_00, {
        detailed: 'TRAVEL_LODGING',
        refundRate: 0.08,
      }),
      shop('Hertz', 'HERTZ RENT-A-CAR LOS ANGELES CA', 90_00, 420_00, {
        detailed: 'TRAVEL_RENTAL_CARS',
        weight: 0.5,
      }),
    ],
  },
  {
    id: 'car_care',
    account: 'summit_card',
    perWeek: 0.06,
    detailed: 'GENERAL_SERVICES_AUTOMOTIVE',
    card: true,
    sign: -1,
    merchants: [
      shop('Jiffy Lube', `JIFFY LUBE #1842 ${SF}`, 59_00, 129_00, { weight: 2 }),
      shop('Subaru of San Francisco', `SUBARU OF SAN FRANCISCO SVC ${SF}`, 120_00, 680_00),
    ],
  },
  {
    id: 'dining_summit',
    account: 'summit_card',
    perWeek: 0.5,
    detailed: 'FOOD_AND_DRINK_RESTAURANT',
    weekdays: EVENINGS_OUT,
    card: true,
    tip: true,
    sign: -1,
    merchants: [
      shop('Nopa', `TST* NOPA ${SF}`, 38_00, 130_00),
      shop("MoMo's", `MOMO'S ${SF}`, 38_00, 140_00),
      shop('The Italian Homemade Company', 'SQ *THE ITALIAN HOMEMADE San Francisco CA', 16_00, 44_00),
    ],
  },
];

/** Weights are given loosely; normalise weekday weights to a mean of 1 so `perWeek` stays the true rate. */
export const STREAM_WEEKDAYS = new Map(
  STREAMS.map((s) => {
    const weights = s.weekdays ?? [1, 1, 1, 1, 1, 1, 1];
    const mean = weights.reduce((a, b) => a + b, 0) / weights.length;
    return [s.id, weights.map((w) => w / mean)] as const;
  }),
);

export const VOID_RATE = 0.015;

/** Transactions each purchase leaves in a settled history: voided ones vanish, refunded ones add a refund. */
export const STREAM_YIELD = new Map(
  STREAMS.map((s) => {
    const kept = s.card ? 1 - VOID_RATE : 1;
    const weights = s.merchants.reduce((sum, m) => sum + (m.weight ?? 1), 0);
    const refunds = s.merchants.reduce(
      (sum, m) => sum + ((m.weight ?? 1) / weights) * (m.refundRate ?? 0),
      0,
    );
    return [s.id, kept * (1 + refunds)] as const;
  }),
);
