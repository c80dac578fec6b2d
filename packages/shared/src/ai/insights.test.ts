import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, lastDayOfMonth } from '../dates';
import { formatMoney } from '../money';
import { dailyRequired, goalStatus } from '../savings/progress';
import { monthlyEquivalent, type SubscriptionFrequency } from '../subscriptions/schedule';
import { CATEGORIES } from '../transactions/categories';
import {
  figureSource,
  INSIGHT_CONTEXTS,
  INSIGHT_PRIORITIES,
  INSIGHT_TYPES,
  type InsightType,
} from './ai.schema';
import type { GoalFacts, InsightDraft, InsightFacts, SpendingBucket } from './insight-facts';
import {
  budgetPaceInsights,
  compareInsights,
  generateInsights,
  goalBehindInsights,
  INSIGHT_RULES,
  missedChargeInsights,
  monthEndCashInsights,
  overBudgetInsights,
  priceRiseInsights,
  spendingDropInsights,
  spendingRiseInsights,
  unallocatedLeftoverInsights,
} from './insights';
import { budget, budgetCategory, category, facts, goal, merchant, subscription } from './test-facts';

/** One person's late November: a few things worth telling, most of them at once. */
const november = facts({
  categories: [
    category(21, 'Dining Out', [412_50, 12], [630_00, 27]),
    category(20, 'Groceries', [450_00, 12], [1350_00, 36]),
    category(24, 'Shopping', [60_00, 2], [600_00, 9]),
  ],
  merchants: [merchant('Starbucks', [190_00, 20], [120_00, 12], 21)],
  budget: budget([
    budgetCategory(20, 'Groceries', 400_00, 450_00, 12),
    budgetCategory(21, 'Dining Out', 500_00, 412_50, 12),
    budgetCategory(24, 'Shopping', 200_00, 60_00, 2),
  ]),
  goals: [goal()],
  leftover: { soFar: 200_00, ifNoMoreSpending: 240_00, allocatedPercent: 30, periodEnd: '2026-11-30' },
  cashBalance: 2340_00,
  expectedIncome: [{ label: 'Acme Payroll', amount: 1800_00, date: '2026-11-28' }],
  upcomingCharges: [{ subscriptionId: 's1', name: 'Netflix', amount: 17_99, date: '2026-11-29' }],
  averageDailySpending: 85_20,
  subscriptions: [
    subscription({ priceChange: { previousAmount: 15_49, date: '2026-10-03' } }),
    subscription({
      id: 's2',
      name: 'Spotify',
      amount: 11_99,
      monthlyAmount: 11_99,
      missedDueDate: '2026-11-12',
    }),
  ],
});

describe('the insight engine', () => {
  it('runs every rule and ranks the findings: priority, then confidence, then key', () => {
    expect(generateInsights(november).map((i) => [i.key, i.priority, i.confidence])).toEqual([
      ['over-budget:20:2026-11-01', 'high', 0.95],
      ['leftover-unallocated:2026-11-30', 'medium', 0.89],
      ['spending-up:category:21:2026-11', 'medium', 0.82],
      ['goal-behind:g1:2026-11-23', 'medium', 0.71],
      ['missed-charge:s2:2026-11-12', 'medium', 0.71],
      ['price-rise:s1:2026-10-03', 'low', 0.9],
      ['month-end-cash:2026-11-30:ok', 'low', 0.86],
      ['spending-down:category:24:2026-11', 'low', 0.72],
    ]);
  });

  it('has one rule per finding, covering each SPEC §3 type', () => {
    expect(INSIGHT_RULES).toEqual([
      spendingRiseInsights,
      spendingDropInsights,
      overBudgetInsights,
      budgetPaceInsights,
      unallocatedLeftoverInsights,
      goalBehindInsights,
      monthEndCashInsights,
      priceRiseInsights,
      missedChargeInsights,
    ]);
    expect(new Set(generateInsights(november).map((i) => i.type))).toEqual(new Set(INSIGHT_TYPES));
  });

  it('says nothing about a person with no history and no plans', () => {
    expect(generateInsights(facts({ historyStart: null }))).toEqual([]);
  });

  it('ranks by key when priority and confidence tie, whatever the locale would say', () => {
    const draft = (key: string): InsightDraft => ({
      key,
      type: 'budget',
      priority: 'low',
      context: 'budget',
      title: key,
      message: key,
      confidence: 0.5,
      actionSuggestion: null,
      figures: [],
    });
    expect(
      ['b', 'B', 'a', 'A']
        .map(draft)
        .sort(compareInsights)
        .map((i) => i.key),
    ).toEqual(['A', 'B', 'a', 'b']);
  });
});

// ---- Any facts a server could gather, for the properties every insight must keep. ----

const SPENDING = CATEGORIES.filter((c) => c.group !== 'Income');
const MERCHANTS = ['Starbucks', 'Amazon', 'Uber', 'Whole Foods', 'Shell', 'Landlord LLC'];
const FREQUENCIES: SubscriptionFrequency[] = [0, 1, 2, 3, 4, 5];

const amount = (max: number) => fc.integer({ min: 0, max });
/** Recent spending drawn as a multiple of the usual level, so rises and drops of every size come up. */
const bucketNumbers = fc
  .record({
    ratio: fc.integer({ min: -10, max: 300 }).map((percent) => percent / 100),
    recentCount: fc.integer({ min: 0, max: 40 }),
    baselineTotal: fc.integer({ min: -50_00, max: 6000_00 }),
    baselineCount: fc.integer({ min: 0, max: 120 }),
  })
  .map(({ ratio, ...n }) => ({ ...n, recent: Math.round((n.baselineTotal / 3) * ratio) || 0 }));

const anyFacts: fc.Arbitrary<InsightFacts> = fc
  .record({
    todayOffset: fc.integer({ min: 0, max: 365 * 6 }),
    history: fc.option(fc.integer({ min: 0, max: 800 })),
    categories: fc.uniqueArray(
      fc.record({ code: fc.constantFrom(...SPENDING.map((c) => c.code)), n: bucketNumbers }),
      {
        selector: (b) => b.code,
        maxLength: 8,
      },
    ),
    merchants: fc.uniqueArray(
      fc.record({
        name: fc.constantFrom(...MERCHANTS),
        code: fc.option(fc.constantFrom(...SPENDING.map((c) => c.code))),
        n: bucketNumbers,
      }),
      { selector: (m) => m.name, maxLength: 5 },
    ),
    budget: fc.option(
      fc.record({
        totalDays: fc.integer({ min: 7, max: 366 }),
        elapsedShare: fc.integer({ min: 0, max: 100 }).map((percent) => percent / 100),
        categories: fc.uniqueArray(
          fc.record({
            code: fc.constantFrom(...SPENDING.map((c) => c.code)),
            allocated: amount(2000_00),
            spentShare: fc.integer({ min: -5, max: 160 }).map((percent) => percent / 100),
            count: fc.integer({ min: 0, max: 50 }),
            rollover: fc.boolean(),
          }),
          { selector: (c) => c.code, maxLength: 8 },
        ),
        soFar: amount(2000_00),
      }),
    ),
    goals: fc.array(
      fc.record({
        target: fc.integer({ min: 1, max: 10_000_00 }),
        current: amount(12_000_00),
        startBack: fc.integer({ min: 0, max: 800 }),
        span: fc.option(fc.integer({ min: 1, max: 1500 })),
        percent: fc.integer({ min: 1, max: 40 }),
        isActive: fc.boolean(),
      }),
      { maxLength: 4 },
    ),
    cash: fc.integer({ min: -500_00, max: 20_000_00 }),
    income: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 5000_00 }), ahead: fc.nat(30) }), {
      maxLength: 3,
    }),
    charges: fc.array(
      fc.record({
        name: fc.constantFrom('Netflix', 'Gym', 'Cloud'),
        amount: amount(200_00),
        ahead: fc.nat(30),
      }),
      { maxLength: 4 },
    ),
    daily: amount(500_00),
    subscriptions: fc.array(
      fc.record({
        name: fc.constantFrom('Netflix', 'Spotify', 'Gym', 'Cloud'),
        amount: fc.integer({ min: 1_00, max: 200_00 }),
        frequency: fc.constantFrom(...FREQUENCIES),
        status: fc.integer({ min: 0, max: 3 }),
        change: fc.option(
          fc.record({
            previous: fc.integer({ min: 1_00, max: 200_00 }),
            back: fc.integer({ min: -10, max: 200 }),
          }),
        ),
        missedBack: fc.option(fc.integer({ min: 6, max: 60 })),
      }),
      { maxLength: 5 },
    ),
  })
  .map((raw): InsightFacts => {
    const today = addDays('2024-01-01', raw.todayOffset);
    const monthEnd = lastDayOfMonth(today);
    const label = (code: number) => CATEGORIES.find((c) => c.code === code)?.label ?? 'Other';
    const bucket = (
      key: string,
      name: string,
      code: number | null,
      merchantName: string | null,
      n: (typeof raw.categories)[number]['n'],
    ): SpendingBucket => ({
      key,
      label: name,
      category: code,
      merchant: merchantName,
      ...n,
    });
    const goals = raw.goals.map((g, i): GoalFacts => {
      const startDate = addDays(today, -g.startBack);
      const figures = {
        targetAmount: g.target,
        currentAmount: g.current,
        startDate,
        targetDate: g.span === null ? null : addDays(startDate, g.span),
      };
      const status = goalStatus(figures, today);
      return {
        id: `g${i}`,
        name: `Goal ${i}`,
        ...figures,
        allocationPercentage: g.percent,
        isActive: g.isActive,
        isCompleted: status === 'completed',
        dailyRequired: dailyRequired(figures, today),
        status,
      };
    });
    const allocatedPercent = Math.min(
      100,
      goals.filter((g) => g.isActive && !g.isCompleted).reduce((sum, g) => sum + g.allocationPercentage, 0),
    );
    const b = raw.budget;
    const daysElapsed = b ? 1 + Math.floor(b.elapsedShare * (b.totalDays - 1)) : 0;
    const startDate = addDays(today, 1 - daysElapsed);
    // A day from tomorrow to the month's end, where income and charges are expected.
    const ahead = (n: number) => addDays(today, 1 + (n % Math.max(1, daysBetween(today, monthEnd))));
    return {
      today,
      recentStart: addDays(today, -29),
      baselineStart: addDays(today, -119),
      baselineEnd: addDays(today, -30),
      historyStart: raw.history === null ? null : addDays(today, -raw.history),
      categories: raw.categories.map((c) => bucket(String(c.code), label(c.code), c.code, null, c.n)),
      merchants: raw.merchants.map((m) => bucket(m.name, m.name, m.code, m.name, m.n)),
      budget: b && {
        id: 'b1',
        name: 'Budget',
        startDate,
        endDate: addDays(startDate, b.totalDays - 1),
        daysElapsed,
        totalDays: b.totalDays,
        categories: b.categories.map((c) => ({
          category: c.code,
          name: label(c.code),
          allocated: c.allocated,
          spent: Math.round(c.allocated * c.spentShare) || 0,
          transactionCount: c.count,
          allowRollover: c.rollover,
        })),
      },
      goals,
      leftover: b && {
        soFar: b.soFar,
        ifNoMoreSpending: b.soFar,
        allocatedPercent,
        periodEnd: addDays(startDate, b.totalDays - 1),
      },
      cashBalance: raw.cash,
      monthEnd,
      expectedIncome:
        today < monthEnd
          ? raw.income.map((i) => ({ label: 'Payroll', amount: i.amount, date: ahead(i.ahead) }))
          : [],
      upcomingCharges:
        today < monthEnd
          ? raw.charges.map((c, i) => ({
              subscriptionId: `s${i}`,
              name: c.name,
              amount: c.amount,
              date: ahead(c.ahead),
            }))
          : [],
      averageDailySpending: raw.daily,
      subscriptions: raw.subscriptions.map((s, i) => ({
        id: `s${i}`,
        name: s.name,
        amount: s.amount,
        monthlyAmount: monthlyEquivalent(s.amount, s.frequency),
        status: s.status,
        nextDueDate: addDays(today, 3),
        lastChargeDate: addDays(today, -20),
        priceChange: s.change && { previousAmount: s.change.previous, date: addDays(today, -s.change.back) },
        missedDueDate: s.missedBack === null ? null : addDays(today, -s.missedBack),
      })),
    };
  });

/** The same facts with every list in reverse: nothing a person did, only the order the server read it in. */
function reordered(f: InsightFacts): InsightFacts {
  const rev = <T>(list: readonly T[]) => [...list].reverse();
  return {
    ...f,
    categories: rev(f.categories),
    merchants: rev(f.merchants),
    budget: f.budget && { ...f.budget, categories: rev(f.budget.categories) },
    goals: rev(f.goals),
    expectedIncome: rev(f.expectedIncome),
    upcomingCharges: rev(f.upcomingCharges),
    subscriptions: rev(f.subscriptions),
  };
}

const MONEY = /\$[\d,]+\.\d{2}/g;
const CONTEXT: Record<InsightType, string[]> = {
  spending: ['transactions'],
  budget: ['budget'],
  savings: ['savings'],
  prediction: ['dashboard'],
  recommendation: ['subscriptions', 'savings'],
};

describe('every insight, whatever the facts', () => {
  it('is well formed: known type, priority and context, confidence in [0, 1], unique keys, valid sources', () => {
    fc.assert(
      fc.property(anyFacts, (f) => {
        const insights = generateInsights(f);
        expect(new Set(insights.map((i) => i.key)).size).toBe(insights.length);
        for (const i of insights) {
          expect(INSIGHT_TYPES).toContain(i.type);
          expect(INSIGHT_PRIORITIES).toContain(i.priority);
          expect(INSIGHT_CONTEXTS).toContain(i.context);
          expect(CONTEXT[i.type]).toContain(i.context);
          expect(i.confidence).toBeGreaterThanOrEqual(0);
          expect(i.confidence).toBeLessThanOrEqual(1);
          expect(i.title).not.toBe('');
          expect(`${i.key} ${i.title} ${i.message} ${i.actionSuggestion}`).not.toMatch(
            /NaN|undefined|Infinity/,
          );
          expect(i.figures.length).toBeGreaterThan(0);
          for (const figure of i.figures) {
            expect(Number.isSafeInteger(figure.amount)).toBe(true);
            figureSource.parse(figure.source);
            const { startDate, endDate } = figure.source;
            if (startDate && endDate) expect(startDate <= endDate).toBe(true);
          }
        }
      }),
    );
  });

  it('quotes only money it carries as a figure', () => {
    fc.assert(
      fc.property(anyFacts, (f) => {
        for (const i of generateInsights(f)) {
          const carried = new Set(i.figures.map((figure) => formatMoney(Math.abs(figure.amount))));
          const quoted = `${i.title} ${i.message} ${i.actionSuggestion ?? ''}`.match(MONEY) ?? [];
          for (const money of quoted) expect(carried, `${money} in "${i.message}"`).toContain(money);
        }
      }),
    );
  });

  it('never emits a figure it did not read: one counting transactions is the facts’ own sum for that filter', () => {
    fc.assert(
      fc.property(anyFacts, (f) => {
        const read: {
          startDate: string;
          endDate: string;
          category: number | null;
          merchant: string | null;
          amount: number;
          count: number;
        }[] = [];
        for (const b of [...f.categories, ...f.merchants]) {
          const filter = { category: b.category, merchant: b.merchant };
          read.push({
            ...filter,
            startDate: f.recentStart,
            endDate: f.today,
            amount: b.recent,
            count: b.recentCount,
          });
          read.push({
            ...filter,
            startDate: f.baselineStart,
            endDate: f.baselineEnd,
            amount: b.baselineTotal,
            count: b.baselineCount,
          });
        }
        for (const c of f.budget?.categories ?? []) {
          read.push({
            startDate: f.budget?.startDate ?? '',
            endDate: f.budget?.endDate ?? '',
            category: c.category,
            merchant: null,
            amount: c.spent,
            count: c.transactionCount,
          });
        }
        for (const i of generateInsights(f)) {
          for (const { amount: figureAmount, source } of i.figures) {
            if (source.transactionCount === null) continue;
            const same = read.filter(
              (r) =>
                r.startDate === source.startDate &&
                r.endDate === source.endDate &&
                r.category === source.category &&
                r.merchant === source.merchant,
            );
            expect(same.some((r) => r.amount === figureAmount && r.count === source.transactionCount)).toBe(
              true,
            );
          }
        }
      }),
    );
  });

  it('names only categories and merchants the facts hold', () => {
    fc.assert(
      fc.property(anyFacts, (f) => {
        const categories = new Set([
          ...f.categories.map((b) => b.category),
          ...f.merchants.map((b) => b.category),
          ...(f.budget?.categories.map((c) => c.category) ?? []),
        ]);
        const merchants = new Set([
          ...f.merchants.map((b) => b.merchant),
          ...f.subscriptions.map((s) => s.name),
        ]);
        for (const i of generateInsights(f)) {
          for (const { source } of i.figures) {
            if (source.category !== null) expect(categories).toContain(source.category);
            if (source.merchant !== null) expect(merchants).toContain(source.merchant);
          }
        }
      }),
    );
  });

  it('is deterministic: the same facts, in any order, give the same insights in the same order', () => {
    fc.assert(
      fc.property(anyFacts, (f) => {
        const insights = generateInsights(f);
        expect(generateInsights(JSON.parse(JSON.stringify(f)) as InsightFacts)).toEqual(insights);
        expect(generateInsights(reordered(f))).toEqual(insights);
        for (let k = 1; k < insights.length; k += 1) {
          expect(compareInsights(insights[k - 1] as InsightDraft, insights[k] as InsightDraft)).toBeLessThan(
            0,
          );
        }
      }),
    );
  });

  it('leaves the facts as they were (frozen facts read fine)', () => {
    const freeze = <T>(value: T): T => {
      if (value && typeof value === 'object') {
        for (const inner of Object.values(value)) freeze(inner);
        Object.freeze(value);
      }
      return value;
    };
    fc.assert(
      fc.property(anyFacts, (f) => {
        const insights = generateInsights(f);
        expect(generateInsights(freeze(f))).toEqual(insights);
      }),
    );
  });
});
