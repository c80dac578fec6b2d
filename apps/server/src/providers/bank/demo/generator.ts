import { ACCOUNT_TYPE, type Cents } from '@tally/shared';
import type { ProviderAccount, ProviderInstitution, ProviderTransaction } from '../types';
import {
  type DayInfo,
  dayInfo,
  dayNumber,
  effectiveDay,
  firstOfPreviousMonth,
  isDue,
  isoDay,
} from './calendar';
import {
  AUTO_LOAN_APR,
  DEMO_ACCOUNTS,
  DEMO_INSTITUTIONS,
  DEMO_RECURRING,
  type DemoAccountKey,
  type DemoInstitutionId,
  type DemoRecurring,
  demoAccount,
  fillDescription,
  type Leg,
  ownerInstitution,
  primaryCategoryOf,
  RECURRING_DEFS,
  type RecurringDef,
  STREAM_WEEKDAYS,
  STREAM_YIELD,
  STREAMS,
  type Stream,
  VOID_RATE,
} from './catalogue';
import { hashString, Random } from './random';

/**
 * The demo bank's generator: one household (a salaried renter in San Francisco with a car) banking at three
 * institutions, with about two years of history. Pure and deterministic: the same options give byte-identical
 * output, and every number is integer cents in our sign (positive = money in).
 *
 * How the history stays stable while the clock moves (what makes /transactions/sync deltas possible):
 * - Each calendar day is generated from its own PRNG, seeded by (seed, institution, day), walking forward
 *   from a fixed start. Nothing looks at the as-of day while generating, so day D's transactions are the same
 *   however far the history has been extended; only their pending status depends on the as-of day.
 * - The few things placed relative to "now" (the streaming price increase, the rent renewal, the window
 *   start) hang off the `anchor`: the day the history was first generated. A sync cursor carries its anchor,
 *   so one connection's history never shifts under it.
 */

export const DEMO_SEED = 'tally-demo';
/** Plaid's maximum history: 730 days up to and including today. */
export const DEMO_HISTORY_DAYS = 730;
/** Card purchases stay pending for 1 to this many days, then post. */
export const DEMO_MAX_PENDING_DAYS = 3;

// ---------------------------------------------------------------------------------------------------------
// The generator

type Draft = {
  id: string;
  account: DemoAccountKey;
  day: number;
  iso: string;
  description: string;
  merchantName: string | null;
  /** Posted amount. */
  amount: Cents;
  /** What the pending authorisation shows (differs from `amount` by the tip at restaurants). */
  pendingAmount: Cents;
  primary: string;
  detailed: string;
  /** Days it stays pending; 0 = posts at once (ACH, transfers, interest). */
  lag: number;
  /** An authorisation that never posts (an order cancelled before capture). */
  voided: boolean;
  recurringId: string | null;
  /** Everyday spending that scales with `transactionsPerInstitution` (refunds included). */
  scalable: boolean;
  /** Its amount shrinks as the scale grows (not for fixed menus such as ATM amounts). */
  shrinks: boolean;
  posted?: ProviderTransaction;
};

type Scale = {
  /** Frequency multiplier of everyday spending per institution. */
  frequency: Record<DemoInstitutionId, number>;
  /** Spending amounts shrink by this (√frequency), so a busier history is not proportionally pricier; card limits grow by it. */
  amount: Record<DemoInstitutionId, number>;
  /** Pay, cash balances and checking thresholds grow by this, so the budget still balances. */
  income: number;
};

const UNIT_SCALE: Scale = {
  frequency: { demo_harbor: 1, demo_summit: 1, demo_evergreen: 1 },
  amount: { demo_harbor: 1, demo_summit: 1, demo_evergreen: 1 },
  income: 1,
};

type Generation = {
  drafts: Draft[];
  windowStart: number;
  anchor: number;
  through: number;
  scale: Scale;
  /** Running totals of every non-voided amount through `through`, per account, including openings. */
  totals: Map<DemoAccountKey, Cents>;
  loanOwed: Cents;
  marketGain: Map<DemoAccountKey, Cents>;
};

function pendingLag(rng: Random): number {
  const roll = rng.next();
  return roll < 0.5 ? 1 : roll < 0.85 ? 2 : 3;
}

function generate(seed: string, anchor: number, through: number, days: number, scale: Scale): Generation {
  const windowStart = anchor - days + 1;
  // Start a full calendar month early: the first card payment in the window needs last month's statement,
  // and refunds reach back up to 21 days.
  const start = firstOfPreviousMonth(windowStart);
  const drafts: Draft[] = [];
  const totals = new Map<DemoAccountKey, Cents>();
  for (const a of DEMO_ACCOUNTS) {
    const opening =
      a.type === ACCOUNT_TYPE.Loan
        ? 0
        : a.type === ACCOUNT_TYPE.Depository
          ? a.opening * scale.income
          : a.opening;
    totals.set(a.key, Math.round(opening));
  }
  const statements = new Map<DemoAccountKey, Map<number, Cents>>([
    ['harbor_card', new Map()],
    ['summit_card', new Map()],
  ]);
  const refunds = new Map<number, Draft[]>();
  const marketGain = new Map<DemoAccountKey, Cents>([
    ['evergreen_401k', 0],
    ['evergreen_brokerage', 0],
  ]);
  let loanOwed = demoAccount('summit_auto').opening;
  const seeds = new Map(DEMO_INSTITUTIONS.map((i) => [i.id, `${seed}|${i.id}|`]));
  const recurringBy = new Map(
    DEMO_INSTITUTIONS.map((i) => [i.id, RECURRING_DEFS.filter((d) => ownerInstitution(d) === i.id)]),
  );
  const streamsBy = new Map(
    DEMO_INSTITUTIONS.map((i) => [
      i.id,
      STREAMS.filter((s) => demoAccount(s.account).institutionId === i.id),
    ]),
  );

  const total = (key: DemoAccountKey) => totals.get(key) ?? 0;

  const emit = (draft: Draft) => {
    drafts.push(draft);
    if (draft.voided) return;
    totals.set(draft.account, total(draft.account) + draft.amount);
    if (draft.account === 'summit_auto') loanOwed -= draft.amount;
    const statement = statements.get(draft.account);
    if (statement && draft.detailed !== 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT') {
      const month = dayInfo(draft.day).monthIndex;
      statement.set(month, (statement.get(month) ?? 0) + draft.amount);
    }
  };

  const base = (info: DayInfo, id: string, leg: Leg, amount: Cents): Draft => ({
    id,
    account: leg.account,
    day: info.day,
    iso: info.iso,
    description: leg.description,
    merchantName: leg.merchantName,
    amount,
    pendingAmount: amount,
    primary: primaryCategoryOf(leg.detailed),
    detailed: leg.detailed,
    lag: 0,
    voided: false,
    recurringId: null,
    scalable: false,
    shrinks: false,
  });

  const transfer = (info: DayInfo, id: string, amount: Cents, from: Leg, to: Leg) => {
    emit(base(info, `${id}-out`, from, -amount));
    emit(base(info, `${id}-in`, to, amount));
  };

  const recurringAmount = (def: RecurringDef, info: DayInfo, rng: Random): Cents => {
    const rule = def.amount;
    switch (rule.kind) {
      case 'fixed': {
        let cents = rule.cents;
        for (const change of rule.changes ?? [])
          if (info.day >= anchor - change.daysBeforeAnchor) cents = change.cents;
        return rule.income ? Math.round(cents * scale.income) : cents;
      }
      case 'seasonal': {
        // Peaks in January (heating), lowest in July.
        const winter = (1 + Math.cos((2 * Math.PI * (info.month - 1)) / 12)) / 2;
        return Math.round(rule.min + (rule.max - rule.min) * (0.75 * winter + 0.25 * rng.next()));
      }
      case 'statement':
        return -(statements.get(rule.card)?.get(info.monthIndex - 1) ?? 0);
      case 'interest': {
        const receiving = def.to ? total(def.to.account) : 0;
        return Math.round((receiving * rule.annualRate) / 12);
      }
    }
  };

  const recurring = (def: RecurringDef, info: DayInfo, rng: Random) => {
    const cents = recurringAmount(def, info, rng);
    if (cents <= 0) return;
    const id = `${info.compact}-${def.id}`;
    const lag = def.card ? pendingLag(rng) : 0;
    if (def.from) {
      const leg = { ...def.from, description: fillDescription(def.from.description, rng) };
      emit({ ...base(info, def.to ? `${id}-out` : id, leg, -cents), lag, recurringId: def.id });
    }
    if (def.to) {
      emit({
        ...base(info, def.from ? `${id}-in` : id, def.to, cents),
        recurringId: def.from ? null : def.id,
      });
    }
  };

  const spend = (stream: Stream, institution: DemoInstitutionId, info: DayInfo, rng: Random) => {
    const weekday = STREAM_WEEKDAYS.get(stream.id)?.[info.weekday] ?? 1;
    const month = stream.months?.[info.month - 1] ?? 1;
    const count = rng.poisson((stream.perWeek / 7) * weekday * month * scale.frequency[institution]);
    const shrink = scale.amount[institution];
    for (let n = 0; n < count; n++) {
      const merchant = rng.weighted(stream.merchants);
      const description = fillDescription(rng.pick(merchant.descriptions), rng);
      let cents = merchant.amounts ? rng.pick(merchant.amounts) : rng.cents(merchant.min, merchant.max);
      if (shrink !== 1 && !merchant.amounts) cents = Math.max(1_00, Math.round(cents / shrink));
      const detailed = merchant.detailed ?? stream.detailed;
      const tip = stream.tip ? Math.round(cents * (0.18 + 0.04 * rng.next())) : 0;
      const lag = stream.card ? pendingLag(rng) : 0;
      const voided = stream.card && rng.chance(VOID_RATE);
      const draft: Draft = {
        id: `${info.compact}-${stream.id}-${n}`,
        account: stream.account,
        day: info.day,
        iso: info.iso,
        description,
        merchantName: merchant.name,
        amount: stream.sign * (cents + tip),
        pendingAmount: stream.sign * cents,
        primary: primaryCategoryOf(detailed),
        detailed,
        lag,
        voided,
        recurringId: null,
        scalable: true,
        shrinks: !merchant.amounts,
      };
      emit(draft);
      if (!voided && merchant.refundRate && rng.chance(merchant.refundRate)) {
        const when = info.day + rng.int(4, 21);
        const refunded = rng.chance(0.75) ? cents : Math.round(cents * (0.2 + 0.4 * rng.next()));
        const refund: Draft = {
          ...draft,
          id: `${draft.id}-refund`,
          day: when,
          iso: isoDay(when),
          description: `REFUND - ${description}`,
          amount: refunded,
          pendingAmount: refunded,
          lag: 0,
        };
        refunds.set(when, [...(refunds.get(when) ?? []), refund]);
      }
    }
  };

  const invest = (info: DayInfo, rng: Random) => {
    for (const key of ['evergreen_401k', 'evergreen_brokerage'] as const) {
      const value = total(key) + (marketGain.get(key) ?? 0);
      // About 7% a year with daily noise; reinvested dividends are part of that return, not extra value.
      const daily = 0.07 / 365 + (rng.next() - 0.5) * 0.014;
      let gain = (marketGain.get(key) ?? 0) + Math.round(value * daily);
      if ([3, 6, 9, 12].includes(info.month) && info.dayOfMonth === 26) {
        const funds: [string, number][] =
          key === 'evergreen_401k'
            ? [['VANGUARD TARGET RETIREMENT 2055', 0.0042]]
            : [
                ['VANGUARD TOTAL STOCK MARKET ETF (VTI)', 0.0026],
                ['VANGUARD TOTAL INTL STOCK ETF (VXUS)', 0.0019],
              ];
        funds.forEach(([fund, rate], n) => {
          const dividend = Math.round(value * rate);
          gain -= dividend;
          emit(
            base(
              info,
              `${info.compact}-${key}-dividend-${n}`,
              {
                account: key,
                description: `DIVIDEND REINVESTMENT ${fund}`,
                merchantName: null,
                detailed: 'INCOME_DIVIDENDS',
              },
              dividend,
            ),
          );
        });
      }
      marketGain.set(key, gain);
    }
  };

  const savingsLeg = (description: string, detailed: string): Leg => ({
    account: 'harbor_savings',
    description,
    merchantName: null,
    detailed,
  });
  const checkingLeg = (description: string, detailed: string): Leg => ({
    account: 'harbor_checking',
    description,
    merchantName: null,
    detailed,
  });

  /** Keeps checking in a plausible band: top up from savings when low, sweep the surplus monthly. */
  const balanceChecking = (info: DayInfo, rng: Random) => {
    const checking = total('harbor_checking');
    const savings = total('harbor_savings');
    const reference = `REF #IB0${rng.code(8)}`;
    if (checking < 1_000_00 * scale.income && savings > 0) {
      const needed = Math.ceil((3_000_00 * scale.income - checking) / 100_00) * 100_00;
      const amount = Math.min(needed, savings);
      transfer(
        info,
        `${info.compact}-savings-topup`,
        amount,
        savingsLeg(`ONLINE TRANSFER TO CHECKING XXXXXX4821 ${reference}`, 'TRANSFER_OUT_ACCOUNT_TRANSFER'),
        checkingLeg(`ONLINE TRANSFER FROM SAVINGS XXXXXX7788 ${reference}`, 'TRANSFER_IN_ACCOUNT_TRANSFER'),
      );
    } else if (info.dayOfMonth === 28 && checking > 9_000_00 * scale.income) {
      const amount = Math.floor((checking - 6_000_00 * scale.income) / 100_00) * 100_00;
      transfer(
        info,
        `${info.compact}-savings-sweep`,
        amount,
        checkingLeg(`ONLINE TRANSFER TO SAVINGS XXXXXX7788 ${reference}`, 'TRANSFER_OUT_SAVINGS'),
        savingsLeg(`ONLINE TRANSFER FROM CHECKING XXXXXX4821 ${reference}`, 'TRANSFER_IN_SAVINGS'),
      );
    }
  };

  const taxRefund = (info: DayInfo, rng: Random) => {
    if (info.month !== 4 || info.dayOfMonth !== effectiveDay(17, info, true)) return;
    emit(
      base(
        info,
        `${info.compact}-tax-refund`,
        checkingLeg('IRS TREAS 310 TAX REF PPD ID: 9101036151', 'INCOME_TAX_REFUND'),
        rng.int(600, 2_400) * 100 + rng.int(0, 99),
      ),
    );
  };

  for (let day = start; day <= through; day++) {
    const info = dayInfo(day);
    for (const refund of refunds.get(day) ?? []) emit(refund);
    refunds.delete(day);
    if (info.dayOfMonth === 1 && day > start) loanOwed += Math.round((loanOwed * AUTO_LOAN_APR) / 12);
    for (const institution of DEMO_INSTITUTIONS) {
      const rng = new Random(hashString(`${seeds.get(institution.id)}${info.iso}`));
      for (const def of recurringBy.get(institution.id) ?? [])
        if (isDue(def.schedule, info)) recurring(def, info, rng);
      for (const stream of streamsBy.get(institution.id) ?? []) spend(stream, institution.id, info, rng);
      if (institution.id === 'demo_harbor') {
        taxRefund(info, rng);
        balanceChecking(info, rng);
      }
      if (institution.id === 'demo_evergreen') invest(info, rng);
    }
  }
  return { drafts, windowStart, anchor, through, scale, totals, loanOwed, marketGain };
}

/**
 * How much busier everyday spending must be for each institution's history to hold about `target`
 * transactions: measured on a unit-scale run over the same window, since fixed items (salary, bills,
 * transfers) do not scale.
 */
function scaleFor(seed: string, anchor: number, days: number, target: number | undefined): Scale {
  if (target === undefined) return UNIT_SCALE;
  // Fixed items are counted on a unit-scale run; everyday spending by its expectation, which unlike one
  // random sample does not wobble by a few percent.
  const unit = generate(seed, anchor, anchor, days, UNIT_SCALE);
  const fixed = new Map<DemoInstitutionId, number>();
  for (const d of unit.drafts) {
    if (d.day < unit.windowStart || d.voided || d.scalable) continue;
    const institution = demoAccount(d.account).institutionId;
    fixed.set(institution, (fixed.get(institution) ?? 0) + 1);
  }
  const expected = new Map<DemoInstitutionId, number>();
  for (let day = unit.windowStart; day <= anchor; day++) {
    const info = dayInfo(day);
    for (const stream of STREAMS) {
      const rate =
        (stream.perWeek / 7) *
        (STREAM_WEEKDAYS.get(stream.id)?.[info.weekday] ?? 1) *
        (stream.months?.[info.month - 1] ?? 1);
      const institution = demoAccount(stream.account).institutionId;
      expected.set(institution, (expected.get(institution) ?? 0) + rate * (STREAM_YIELD.get(stream.id) ?? 1));
    }
  }
  const frequency = { ...UNIT_SCALE.frequency };
  const amount = { ...UNIT_SCALE.amount };
  for (const { id } of DEMO_INSTITUTIONS) {
    const perUnit = expected.get(id) ?? 0;
    if (perUnit === 0) continue;
    const m = Math.min(500, Math.max(0.05, (target - (fixed.get(id) ?? 0)) / perUnit));
    frequency[id] = m;
    amount[id] = Math.max(1, Math.sqrt(m));
  }
  // m times as many purchases, each about 1/√m the size: spending grows; pay grows enough to cover it, so
  // balances stay plausible at any scale.
  let extra = 0;
  let wages = 0;
  for (const d of unit.drafts) {
    if (d.day < unit.windowStart || d.voided) continue;
    if (d.detailed === 'INCOME_WAGES') wages += d.amount;
    if (!d.scalable) continue;
    const institution = demoAccount(d.account).institutionId;
    const scaled = d.shrinks
      ? Math.sign(d.amount) * Math.max(1_00, Math.abs(d.amount) / amount[institution])
      : d.amount;
    extra -= frequency[institution] * scaled - d.amount;
  }
  return { frequency, amount, income: wages > 0 ? Math.max(1, 1 + extra / wages) : 1 };
}

function toTransaction(draft: Draft, pending: boolean): ProviderTransaction {
  if (!pending) {
    draft.posted ??= {
      providerTransactionId: draft.id,
      providerAccountId: draft.account,
      pendingTransactionId: draft.lag > 0 ? `${draft.id}-pending` : null,
      pending: false,
      date: draft.iso,
      description: draft.description,
      merchantName: draft.merchantName,
      amount: draft.amount,
      categoryPrimary: draft.primary,
      categoryDetailed: draft.detailed,
    };
    return draft.posted;
  }
  return {
    providerTransactionId: `${draft.id}-pending`,
    providerAccountId: draft.account,
    pendingTransactionId: null,
    pending: true,
    date: draft.iso,
    description: draft.description,
    merchantName: draft.merchantName,
    amount: draft.pendingAmount,
    categoryPrimary: draft.primary,
    categoryDetailed: draft.detailed,
  };
}

const isPendingOn = (draft: Draft, asOf: number) => draft.lag > 0 && asOf - draft.day < draft.lag;

// ---------------------------------------------------------------------------------------------------------
// Public API

export type DemoBankOptions = {
  /** The day the history was first generated: the window's end and the reference for price changes. */
  anchor: string;
  /** The last day generated (≥ anchor): "today" for a history that has moved on since the anchor. */
  through: string;
  /** Default DEMO_SEED. */
  seed?: string;
  /** Window length in days, default 730. */
  days?: number;
  /**
   * Scale for benchmarks: about this many transactions in each everyday-banking institution's window
   * (Harbor, Summit): more frequent, smaller everyday purchases and pay raised to cover them. Evergreen keeps its
   * natural size. Default: the natural size (about 1,950 Harbor, 380 Summit, 150 Evergreen).
   */
  transactionsPerInstitution?: number;
};

export type DemoRecurringCharge = { date: string; amount: Cents; transactionId: string; pending: boolean };

export type DemoRecurringAsOf = DemoRecurring & {
  /** Every charge in the window, oldest first, as the transactions show them on the as-of day. */
  charges: DemoRecurringCharge[];
  /** The most recent charge's amount (null if none in the window). */
  currentAmount: Cents | null;
  /** Resolved price changes: the first charge at the new price. */
  resolvedPriceChanges: { date: string; from: Cents; to: Cents }[];
  /** The next scheduled day after the as-of day. */
  nextDate: string;
};

/** A generated household: all three institutions' histories from one anchor, extended through a day. */
export type DemoBank = {
  readonly seed: string;
  readonly anchor: string;
  readonly through: string;
  readonly windowStart: string;
  /** Newest first, as they stand on `asOf` (≤ through, default through): pending ones included. */
  transactions(institutionId: DemoInstitutionId, asOf?: string): readonly ProviderTransaction[];
  /** Balances as of `through`, consistent with the history (pending holds reduce available). */
  accounts(institutionId: DemoInstitutionId): ProviderAccount[];
  recurring(asOf?: string): DemoRecurringAsOf[];
};

const scaleCache = new Map<string, Scale>();

export function createDemoBank(options: DemoBankOptions): DemoBank {
  const seed = options.seed ?? DEMO_SEED;
  const days = options.days ?? DEMO_HISTORY_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > 3_650)
    throw new RangeError('days must be an integer from 1 to 3650');
  const target = options.transactionsPerInstitution;
  if (target !== undefined && (!Number.isInteger(target) || target < 1 || target > 1_000_000)) {
    throw new RangeError('transactionsPerInstitution must be an integer from 1 to 1,000,000');
  }
  const anchor = dayNumber(options.anchor);
  const through = dayNumber(options.through);
  if (through < anchor) throw new RangeError('through must not be before anchor');

  const scaleKey = `${seed}|${anchor}|${days}|${target}`;
  let scale = scaleCache.get(scaleKey);
  if (!scale) {
    scale = scaleFor(seed, anchor, days, target);
    if (scaleCache.size > 64) scaleCache.clear();
    scaleCache.set(scaleKey, scale);
  }
  const generation = generate(seed, anchor, through, days, scale);
  const { drafts, windowStart } = generation;
  const snapshots = new Map<string, ProviderTransaction[]>();

  const asOfDay = (asOf: string | undefined) => {
    const day = asOf === undefined ? through : dayNumber(asOf);
    if (day < anchor || day > through)
      throw new RangeError(`asOf must be within ${options.anchor}..${options.through}`);
    return day;
  };

  const transactions = (institutionId: DemoInstitutionId, asOf?: string) => {
    const day = asOfDay(asOf);
    const key = `${institutionId}|${day}`;
    let list = snapshots.get(key);
    if (!list) {
      list = [];
      for (let i = drafts.length - 1; i >= 0; i--) {
        const draft = drafts[i];
        if (!draft || draft.day > day) continue;
        if (draft.day < windowStart) break;
        if (demoAccount(draft.account).institutionId !== institutionId) continue;
        const pending = isPendingOn(draft, day);
        if (!pending && draft.voided) continue;
        list.push(toTransaction(draft, pending));
      }
      snapshots.set(key, list);
    }
    return list;
  };

  const accounts = (institutionId: DemoInstitutionId): ProviderAccount[] =>
    DEMO_ACCOUNTS.filter((a) => a.institutionId === institutionId).map((a) => {
      // Totals count every non-voided amount by its posted value; pending ones come back out of "current"
      // and their authorised amounts out of "available", as banks report it.
      let pendingPosted = 0;
      let pendingHeld = 0;
      for (let i = drafts.length - 1; i >= 0; i--) {
        const draft = drafts[i];
        if (!draft || draft.day <= through - DEMO_MAX_PENDING_DAYS) break;
        if (draft.account !== a.key || !isPendingOn(draft, through)) continue;
        if (!draft.voided) pendingPosted += draft.amount;
        pendingHeld += draft.pendingAmount;
      }
      const posted = (generation.totals.get(a.key) ?? 0) - pendingPosted;
      let current: Cents;
      let available: Cents | null;
      if (a.type === ACCOUNT_TYPE.Credit) {
        const limit = Math.ceil(((a.creditLimit ?? 0) * scale.amount[a.institutionId]) / 500_00) * 500_00;
        current = -posted;
        available = limit - current + pendingHeld;
      } else if (a.type === ACCOUNT_TYPE.Loan) {
        current = generation.loanOwed;
        available = null;
      } else if (a.type === ACCOUNT_TYPE.Investment) {
        current = posted + (generation.marketGain.get(a.key) ?? 0);
        available = null;
      } else {
        current = posted;
        available = posted + pendingHeld;
      }
      return {
        providerAccountId: a.key,
        name: a.name,
        officialName: a.officialName,
        mask: a.mask,
        type: a.type,
        subtype: a.subtype,
        currentBalance: current,
        availableBalance: available,
        isoCurrencyCode: 'USD',
      };
    });

  const recurring = (asOf?: string): DemoRecurringAsOf[] => {
    const day = asOfDay(asOf);
    const charges = new Map<string, DemoRecurringCharge[]>();
    for (const draft of drafts) {
      if (draft.day < windowStart || draft.day > day || !draft.recurringId) continue;
      const pending = isPendingOn(draft, day);
      const t = toTransaction(draft, pending);
      const list = charges.get(draft.recurringId) ?? [];
      list.push({ date: t.date, amount: t.amount, transactionId: t.providerTransactionId, pending });
      charges.set(draft.recurringId, list);
    }
    return DEMO_RECURRING.map((truth) => {
      const list = charges.get(truth.id) ?? [];
      const resolvedPriceChanges: DemoRecurringAsOf['resolvedPriceChanges'] = [];
      if (truth.amount !== null) {
        for (let i = 1; i < list.length; i++) {
          const before = list[i - 1];
          const after = list[i];
          if (before && after && before.amount !== after.amount) {
            resolvedPriceChanges.push({ date: after.date, from: before.amount, to: after.amount });
          }
        }
      }
      let next = day + 1;
      while (!isDue(truth.schedule, dayInfo(next))) next += 1;
      return {
        ...truth,
        charges: list,
        currentAmount: list.at(-1)?.amount ?? null,
        resolvedPriceChanges,
        nextDate: isoDay(next),
      };
    });
  };

  return {
    seed,
    anchor: options.anchor,
    through: options.through,
    windowStart: isoDay(windowStart),
    transactions,
    accounts,
    recurring,
  };
}

export type GenerateHistoryOptions = {
  /** The as-of day, YYYY-MM-DD. */
  today: string;
  /** Defaults to `today`; see DemoBankOptions.anchor. */
  anchor?: string;
  seed?: string;
  days?: number;
  transactionsPerInstitution?: number;
};

export type DemoInstitutionHistory = {
  institution: Omit<ProviderInstitution, 'accounts'>;
  accounts: ProviderAccount[];
  /** Newest first. */
  transactions: ProviderTransaction[];
};

export type DemoHistory = {
  today: string;
  anchor: string;
  windowStart: string;
  institutions: DemoInstitutionHistory[];
  recurring: DemoRecurringAsOf[];
};

/**
 * The whole demo household's history up to `today`: every institution's accounts (with balances) and
 * transactions, plus the recurring ground truth resolved against it. Pure: same options, same output.
 */
export function generateHistory(options: GenerateHistoryOptions): DemoHistory {
  const bank = createDemoBank({
    anchor: options.anchor ?? options.today,
    through: options.today,
    seed: options.seed,
    days: options.days,
    transactionsPerInstitution: options.transactionsPerInstitution,
  });
  return {
    today: options.today,
    anchor: bank.anchor,
    windowStart: bank.windowStart,
    institutions: DEMO_INSTITUTIONS.map((institution) => ({
      institution: { ...institution, accountTypes: [...institution.accountTypes] },
      accounts: bank.accounts(institution.id),
      transactions: bank.transactions(institution.id).map((t) => ({ ...t })),
    })),
    recurring: bank.recurring(),
  };
}

/** The recurring ground truth resolved against the history as of `today` (see DEMO_RECURRING). */
export function getDemoRecurring(options: GenerateHistoryOptions): DemoRecurringAsOf[] {
  return createDemoBank({
    anchor: options.anchor ?? options.today,
    through: options.today,
    seed: options.seed,
    days: options.days,
    transactionsPerInstitution: options.transactionsPerInstitution,
  }).recurring();
}
