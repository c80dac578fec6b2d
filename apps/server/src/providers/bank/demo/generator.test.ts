import { ACCOUNT_TYPE, CATEGORY, categoryFromProvider } from '@tally/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProviderTransaction } from '../types';
import { dayNumber, isoDay } from './calendar';
import {
  DEMO_ACCOUNTS,
  DEMO_INSTITUTIONS,
  DEMO_RECURRING,
  type DemoInstitutionId,
  type DemoRecurring,
} from './catalogue';
import { createDemoBank, DEMO_MAX_PENDING_DAYS, generateHistory, getDemoRecurring } from './generator';
import { mulberry32 } from './random';

const TODAY = '2026-11-22';
const history = generateHistory({ today: TODAY });
const institutionOf = new Map(DEMO_ACCOUNTS.map((a) => [a.key, a.institutionId]));
const all: ProviderTransaction[] = history.institutions.flatMap((i) => i.transactions);
const accounts = history.institutions.flatMap((i) => i.accounts);
const byMerchant = (name: string) => all.filter((t) => t.merchantName === name);
const oldestFirst = (list: ProviderTransaction[]) => [...list].sort((a, b) => a.date.localeCompare(b.date));
const daysBetween = (a: string, b: string) => dayNumber(b) - dayNumber(a);
const addDays = (iso: string, days: number) => isoDay(dayNumber(iso) + days);

describe('demo history generator', () => {
  it('gives byte-identical output for the same options, and a different history for another seed', () => {
    const again = generateHistory({ today: TODAY });
    expect(JSON.stringify(again)).toBe(JSON.stringify(history));
    const other = generateHistory({ today: TODAY, seed: 'another household' });
    expect(JSON.stringify(other.institutions)).not.toBe(JSON.stringify(history.institutions));
  });

  it('keeps every past day the same however far the history is extended (only pending status moves)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: dayNumber('2024-01-01'), max: dayNumber('2030-12-31') }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom<DemoInstitutionId>('demo_harbor', 'demo_summit', 'demo_evergreen'),
        (anchor, a, b, institution) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          const short = createDemoBank({ anchor: isoDay(anchor), through: isoDay(anchor + near) });
          const long = createDemoBank({ anchor: isoDay(anchor), through: isoDay(anchor + far) });
          expect(long.transactions(institution, isoDay(anchor + near))).toEqual(
            short.transactions(institution),
          );
        },
      ),
      { numRuns: 12 },
    );
  });

  it('offers three institutions with names, descriptions and account-type labels for the picker', () => {
    expect(DEMO_INSTITUTIONS.length).toBeGreaterThanOrEqual(3);
    expect(new Set(DEMO_INSTITUTIONS.map((i) => i.id)).size).toBe(DEMO_INSTITUTIONS.length);
    for (const institution of DEMO_INSTITUTIONS) {
      expect(institution.id).toMatch(/^demo_[a-z]+$/);
      expect(institution.name.length).toBeGreaterThan(5);
      expect(institution.description.length).toBeGreaterThan(20);
      expect(institution.accountTypes.length).toBeGreaterThan(0);
    }
  });

  it.each([
    [ACCOUNT_TYPE.Depository, 'checking'],
    [ACCOUNT_TYPE.Depository, 'savings'],
    [ACCOUNT_TYPE.Credit, 'credit card'],
    [ACCOUNT_TYPE.Investment, '401k'],
    [ACCOUNT_TYPE.Investment, 'brokerage'],
    [ACCOUNT_TYPE.Loan, 'auto'],
  ])('has an account of type %i with subtype %s', (type, subtype) => {
    expect(accounts.some((a) => a.type === type && a.subtype === subtype)).toBe(true);
  });

  it('reports balances the way banks do: owed as positive on cards and loans, masks of four digits', () => {
    for (const a of accounts) {
      expect(a.mask).toMatch(/^\d{4}$/);
      expect(a.isoCurrencyCode).toBe('USD');
      expect(Number.isSafeInteger(a.currentBalance)).toBe(true);
      expect(a.currentBalance).toBeGreaterThan(0);
      if (a.type === ACCOUNT_TYPE.Credit) {
        const limit = DEMO_ACCOUNTS.find((d) => d.key === a.providerAccountId)?.creditLimit ?? 0;
        expect(a.availableBalance).toBeLessThanOrEqual(limit - (a.currentBalance ?? 0));
      }
      if (a.type === ACCOUNT_TYPE.Depository)
        expect(a.availableBalance).toBeLessThanOrEqual(a.currentBalance ?? 0);
    }
  });

  it('keeps checking above zero at the end of every day of the window', () => {
    const checking = accounts.find((a) => a.subtype === 'checking');
    const harbor = history.institutions.find((i) => i.institution.id === 'demo_harbor')?.transactions ?? [];
    const posted = harbor.filter((t) => t.providerAccountId === 'harbor_checking' && !t.pending);
    // Walk back from today's balance, undoing each day's transactions (newest first).
    let balance = checking?.currentBalance ?? 0;
    let lowest = balance;
    posted.forEach((t, i) => {
      balance -= t.amount;
      if (posted[i + 1]?.date !== t.date) lowest = Math.min(lowest, balance);
    });
    expect(lowest).toBeGreaterThan(0);
  });

  it('spans about two years up to today', () => {
    const dates = all.map((t) => t.date).sort();
    expect(history.windowStart).toBe(addDays(TODAY, -729));
    expect(dates[0]! >= history.windowStart).toBe(true);
    expect(daysBetween(history.windowStart, dates[0]!)).toBeLessThanOrEqual(2);
    expect(daysBetween(dates.at(-1)!, TODAY)).toBeLessThanOrEqual(1);
    expect(all.length).toBeGreaterThan(2_000);
  });

  it('uses integer cents, unique ids and real Plaid categories everywhere', () => {
    const ids = new Set<string>();
    for (const t of all) {
      expect(Number.isSafeInteger(t.amount) && t.amount !== 0).toBe(true);
      expect(ids.has(t.providerTransactionId)).toBe(false);
      ids.add(t.providerTransactionId);
      expect(t.categoryDetailed?.startsWith(`${t.categoryPrimary}_`)).toBe(true);
      expect(t.description).not.toMatch(/[{}]/);
    }
  });

  it.each([
    ['salary', 'INCOME_WAGES', 1],
    ['interest', 'INCOME_INTEREST_EARNED', 1],
    ['dividends', 'INCOME_DIVIDENDS', 1],
    ['rent', 'RENT_AND_UTILITIES_RENT', -1],
    ['groceries', 'FOOD_AND_DRINK_GROCERIES', -1],
    ['restaurants', 'FOOD_AND_DRINK_RESTAURANT', -1],
    ['gas', 'TRANSPORTATION_GAS', -1],
    ['rideshare', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES', -1],
    ['streaming', 'ENTERTAINMENT_TV_AND_MOVIES', -1],
    ['electricity', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY', -1],
    ['online shopping', 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES', -1],
  ])('signs %s (%s) as %i: positive is money in', (_, detailed, sign) => {
    const rows = all.filter((t) => t.categoryDetailed === detailed && !t.description.startsWith('REFUND'));
    expect(rows.length).toBeGreaterThan(0);
    for (const t of rows) expect(Math.sign(t.amount)).toBe(sign);
  });

  it('refunds are positive and come from a merchant that charged that account 4–21 days earlier', () => {
    const refunds = all.filter((t) => t.description.startsWith('REFUND - '));
    expect(refunds.length).toBeGreaterThanOrEqual(5);
    for (const refund of refunds) {
      expect(refund.amount).toBeGreaterThan(0);
      const original = all.find(
        (t) =>
          t.providerAccountId === refund.providerAccountId &&
          t.merchantName === refund.merchantName &&
          `REFUND - ${t.description}` === refund.description &&
          t.amount <= -refund.amount &&
          daysBetween(t.date, refund.date) >= 4 &&
          daysBetween(t.date, refund.date) <= 21,
      );
      // A refund of a purchase from just before the window has its purchase outside it.
      if (daysBetween(history.windowStart, refund.date) > 21) expect(original).toBeDefined();
    }
  });

  it.each([
    ['Northwind Labs', CATEGORY.Salary],
    ['Bayview Property Management', CATEGORY.Rent],
    ['PG&E', CATEGORY.Utilities],
    ['Verizon', CATEGORY.Utilities],
    ['GEICO', CATEGORY.Insurance],
    ["Trader Joe's", CATEGORY.Groceries],
    ['Nopalito', CATEGORY.DiningOut],
    ['Blue Bottle Coffee', CATEGORY.DiningOut],
    ['Chevron', CATEGORY.Transportation],
    ['Uber', CATEGORY.Transportation],
    ['Netflix', CATEGORY.Subscriptions],
    ['Spotify', CATEGORY.Subscriptions],
    ['Dropbox', CATEGORY.Subscriptions],
    ['Crunch Fitness', CATEGORY.Subscriptions],
    ['Amazon', CATEGORY.Shopping],
    ['Walgreens', CATEGORY.Healthcare],
    ['United Airlines', CATEGORY.Travel],
    ["People's Barber", CATEGORY.PersonalCare],
  ])('maps %s to our category %i through categoryFromProvider', (merchant, code) => {
    const rows = byMerchant(merchant).filter(
      (t) =>
        !t.description.includes('BONUS') &&
        t.categoryDetailed !== 'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const t of rows) expect(categoryFromProvider(t.categoryPrimary, t.categoryDetailed)).toBe(code);
  });

  it('pays a biweekly salary on Fridays', () => {
    const paydays = oldestFirst(
      all.filter((t) => t.categoryDetailed === 'INCOME_WAGES' && !t.description.includes('BONUS')),
    );
    expect(paydays.length).toBeGreaterThanOrEqual(52);
    paydays.forEach((t, i) => {
      expect(new Date(`${t.date}T00:00:00Z`).getUTCDay()).toBe(5);
      if (i > 0) expect(daysBetween(paydays[i - 1]!.date, t.date)).toBe(14);
    });
  });

  it('has groceries from several merchants, one to three times a week, in varied amounts', () => {
    const groceries = all.filter(
      (t) => t.categoryDetailed === 'FOOD_AND_DRINK_GROCERIES' && t.merchantName !== 'HelloFresh',
    );
    expect(new Set(groceries.map((t) => t.merchantName)).size).toBeGreaterThanOrEqual(5);
    const perWeek = groceries.length / (730 / 7);
    expect(perWeek).toBeGreaterThanOrEqual(1);
    expect(perWeek).toBeLessThanOrEqual(3);
    expect(new Set(groceries.map((t) => t.amount)).size).toBeGreaterThan(groceries.length * 0.8);
  });

  describe('ground truth of recurring items', () => {
    const subscriptions = DEMO_RECURRING.filter((r) => r.kind === 'subscription');

    it('lists at least six subscriptions with weekly, monthly and annual cadences', () => {
      expect(subscriptions.length).toBeGreaterThanOrEqual(6);
      expect(new Set(subscriptions.map((s) => s.cadence))).toEqual(new Set(['weekly', 'monthly', 'annual']));
      expect(subscriptions.map((s) => s.subscriptionCategory)).toContain('Streaming');
      expect(subscriptions.map((s) => s.subscriptionCategory)).toContain('Fitness');
      expect(DEMO_RECURRING.some((r) => r.cadence === 'biweekly' && r.kind === 'income')).toBe(true);
    });

    const chargesOf = (s: DemoRecurring) =>
      oldestFirst(
        all.filter((t) => t.merchantName === s.merchantName && t.providerAccountId === s.accountKey),
      );

    it.each(subscriptions.map((s) => [s.id, s] as const))('%s is charged on its true cadence', (_, s) => {
      const charges = chargesOf(s);
      expect(institutionOf.get(s.accountKey)).toBe(s.institutionId);
      for (const t of charges) {
        expect(t.amount).toBeLessThan(0);
        expect(t.categoryDetailed).toBe(s.categoryDetailed);
      }
      const gaps = charges.slice(1).map((t, i) => daysBetween(charges[i]!.date, t.date));
      if (s.cadence === 'weekly') {
        expect(charges.length).toBeGreaterThanOrEqual(104);
        expect(new Set(gaps)).toEqual(new Set([7]));
      } else if (s.cadence === 'monthly') {
        expect(charges.length).toBeGreaterThanOrEqual(23);
        for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(28);
        for (const gap of gaps) expect(gap).toBeLessThanOrEqual(31);
        if (s.schedule.cadence === 'monthly' && !s.schedule.businessDay) {
          const day = s.schedule.day;
          for (const t of charges) {
            const [y, m, d] = t.date.split('-').map(Number);
            const monthEnd = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
            expect(d).toBe(Math.min(day, monthEnd));
          }
        }
      } else {
        expect(charges.length).toBe(2);
        expect([365, 366]).toContain(gaps[0]);
      }
    });

    it('raises the streaming price partway through, and says when', () => {
      const netflix = DEMO_RECURRING.find((r) => r.merchantName === 'Netflix');
      expect(netflix?.amount).toBe(-15_49);
      expect(netflix?.priceChanges).toEqual([{ daysBeforeAnchor: 270, amount: -17_99 }]);
      const charges = chargesOf(netflix!);
      const firstNew = charges.findIndex((t) => t.amount === -17_99);
      expect(firstNew).toBeGreaterThan(6);
      expect(charges.slice(0, firstNew).every((t) => t.amount === -15_49)).toBe(true);
      expect(charges.slice(firstNew).every((t) => t.amount === -17_99)).toBe(true);
      const changed = charges[firstNew]!.date;
      expect(daysBetween(changed, TODAY)).toBeLessThanOrEqual(270);
      expect(daysBetween(changed, TODAY)).toBeGreaterThan(270 - 31);

      const resolved = getDemoRecurring({ today: TODAY }).find((r) => r.id === netflix?.id);
      expect(resolved?.resolvedPriceChanges).toEqual([{ date: changed, from: -15_49, to: -17_99 }]);
      expect(resolved?.currentAmount).toBe(-17_99);
      expect(resolved?.charges.map((c) => c.date)).toEqual(charges.map((t) => t.date));
      expect(resolved?.nextDate).toBe('2026-12-14');
    });

    it('resolves every recurring item against the data it generated', () => {
      for (const r of history.recurring) {
        expect(r.charges.length).toBeGreaterThan(0);
        const ids = new Set(all.map((t) => t.providerTransactionId));
        for (const c of r.charges) expect(ids.has(c.transactionId)).toBe(true);
        expect(r.nextDate > TODAY).toBe(true);
        if (r.amount !== null && r.priceChanges.length === 0)
          expect(new Set(r.charges.map((c) => c.amount))).toEqual(new Set([r.amount]));
      }
    });

    it.each(DEMO_RECURRING.filter((r) => r.counterpart).map((r) => [r.id, r] as const))(
      '%s has both legs, opposite in sign, on the same day',
      (_, r) => {
        const resolved = history.recurring.find((x) => x.id === r.id);
        expect(resolved?.charges.length).toBeGreaterThanOrEqual(20);
        for (const charge of resolved?.charges ?? []) {
          expect(charge.amount).toBeLessThan(0);
          const other = all.find(
            (t) =>
              t.providerAccountId === r.counterpart?.accountKey &&
              t.date === charge.date &&
              t.amount === -charge.amount,
          );
          expect(other, `${r.id} on ${charge.date}`).toBeDefined();
        }
      },
    );
  });

  it('pays each card in full for the previous calendar month', () => {
    for (const card of ['harbor_card', 'summit_card']) {
      const rows = all.filter((t) => t.providerAccountId === card);
      const payments = rows.filter((t) => t.categoryDetailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT');
      expect(payments.length).toBeGreaterThanOrEqual(22);
      for (const payment of payments) {
        const month = payment.date.slice(0, 7);
        const previous = addDays(`${month}-01`, -1).slice(0, 7);
        if (`${previous}-01` < history.windowStart) continue;
        const statement = rows
          .filter(
            (t) =>
              t.date.startsWith(previous) &&
              t.categoryDetailed !== 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT' &&
              !t.pending,
          )
          .reduce((sum, t) => sum + t.amount, 0);
        expect(payment.amount).toBe(-statement);
      }
    }
  });

  it('shows card purchases of the last three days as pending, and posts them later with a link back', () => {
    const pending = all.filter((t) => t.pending);
    expect(pending.length).toBeGreaterThan(0);
    for (const t of pending) {
      expect(daysBetween(t.date, TODAY)).toBeLessThan(DEMO_MAX_PENDING_DAYS);
      expect(t.pendingTransactionId).toBeNull();
    }
    const later = createDemoBank({ anchor: TODAY, through: addDays(TODAY, DEMO_MAX_PENDING_DAYS) });
    const posted = DEMO_INSTITUTIONS.flatMap((i) => later.transactions(i.id));
    const replacing = new Map(
      posted.filter((t) => t.pendingTransactionId).map((t) => [t.pendingTransactionId, t]),
    );
    let postedCount = 0;
    for (const t of pending) {
      expect(posted.some((p) => p.providerTransactionId === t.providerTransactionId)).toBe(false);
      const replacement = replacing.get(t.providerTransactionId);
      if (!replacement) continue; // an authorisation that was voided
      postedCount += 1;
      expect(replacement.pending).toBe(false);
      expect(replacement.date).toBe(t.date);
      expect(replacement.merchantName).toBe(t.merchantName);
      // Restaurants authorise before the tip; everything else posts at the authorised amount.
      if (t.categoryDetailed === 'FOOD_AND_DRINK_RESTAURANT')
        expect(replacement.amount).toBeLessThanOrEqual(t.amount);
      else expect(replacement.amount).toBe(t.amount);
    }
    expect(postedCount).toBeGreaterThan(pending.length * 0.8);
  });

  it('scales to a 10k-transaction two-year history with the same shape', () => {
    const big = generateHistory({ today: TODAY, transactionsPerInstitution: 10_000 });
    const harbor = big.institutions.find((i) => i.institution.id === 'demo_harbor')!;
    const summit = big.institutions.find((i) => i.institution.id === 'demo_summit')!;
    for (const institution of [harbor, summit]) {
      expect(institution.transactions.length).toBeGreaterThan(9_700);
      expect(institution.transactions.length).toBeLessThan(10_300);
    }
    const categories = new Set(harbor.transactions.map((t) => t.categoryDetailed));
    for (const t of history.institutions[0]!.transactions) expect(categories).toContain(t.categoryDetailed);
    for (const t of harbor.transactions) expect(Number.isSafeInteger(t.amount) && t.amount !== 0).toBe(true);
    const netflix = big.recurring.find((r) => r.id === 'netflix');
    expect(netflix?.resolvedPriceChanges).toHaveLength(1);
    for (const a of big.institutions.flatMap((i) => i.accounts)) expect(a.currentBalance).toBeGreaterThan(0);
  });

  it.each([['2026-02-30'], ['2026-13-01'], ['26-01-01'], ['yesterday']])('rejects the day %s', (day) => {
    expect(() => generateHistory({ today: day })).toThrow(RangeError);
  });

  it('rejects an anchor after the as-of day and nonsense sizes', () => {
    expect(() => createDemoBank({ anchor: '2026-11-23', through: TODAY })).toThrow(RangeError);
    expect(() => generateHistory({ today: TODAY, days: 0 })).toThrow(RangeError);
    expect(() => generateHistory({ today: TODAY, transactionsPerInstitution: 1.5 })).toThrow(RangeError);
  });
});

describe('calendar days and the PRNG', () => {
  it('round-trips day numbers and ISO days', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20_000, max: 60_000 }), (day) => {
        expect(dayNumber(isoDay(day))).toBe(day);
      }),
    );
  });

  it('mulberry32 is deterministic and stays in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const a = mulberry32(seed);
        const b = mulberry32(seed);
        for (let i = 0; i < 20; i++) {
          const value = a();
          expect(value).toBe(b());
          expect(value >= 0 && value < 1).toBe(true);
        }
      }),
    );
  });
});
