import { daysBetween } from '../dates';
import { type Cents, formatMoney } from '../money';
import type { InsightPriority } from './ai.schema';
import type { DraftFigure, InsightDraft, InsightFacts, SpendingBucket } from './insight-facts';
import { confidence, count, scale, source, spanLabel, wholePercent } from './insight-text';

/**
 * Spending well above (or below) its usual level, per category and per merchant: the recent window against
 * the baseline window scaled to the same number of days (with the usual 30 and 90 days, a third of it).
 * Keys carry the month of today, so a finding that stands keeps its key (and its dismissal) for the month.
 */

/** A rise counts only when it is both this many percent and this many cents above the usual level. */
export const SPENDING_RISE_MIN_PERCENT = 40;
export const SPENDING_RISE_MIN_AMOUNT: Cents = 50_00;
/** A drop counts when spending fell by both this many percent and this many cents. */
export const SPENDING_DROP_MIN_PERCENT = 40;
export const SPENDING_DROP_MIN_AMOUNT: Cents = 50_00;
/** Fewer transactions than this in the baseline say too little about what is usual. */
export const SPENDING_MIN_BASELINE_TRANSACTIONS = 3;
/** High: at least double and this much more; medium: this much more, or this many percent up. */
export const SPENDING_HIGH_RISE = { percent: 100, amount: 200_00 } as const;
export const SPENDING_MEDIUM_RISE = { percent: 75, amount: 100_00 } as const;

type Finding = {
  bucket: SpendingBucket;
  kind: 'category' | 'merchant';
  recentDays: number;
  baselineDays: number;
  usual: Cents;
  /** Recent less usual: positive for a rise, negative for a drop. */
  change: Cents;
  percent: number;
};

/**
 * The comparison for one bucket, or null when the facts cannot support one: history that does not reach
 * back over the whole baseline (a new account would look like a spike), too few baseline transactions,
 * or no usual spending to compare with.
 */
function compare(facts: InsightFacts, bucket: SpendingBucket, kind: Finding['kind']): Finding | null {
  if (facts.historyStart === null || facts.historyStart > facts.baselineStart) return null;
  if (bucket.baselineCount < SPENDING_MIN_BASELINE_TRANSACTIONS) return null;
  const recentDays = daysBetween(facts.recentStart, facts.today) + 1;
  const baselineDays = daysBetween(facts.baselineStart, facts.baselineEnd) + 1;
  if (recentDays <= 0 || baselineDays <= 0) return null;
  const usual = Math.round((bucket.baselineTotal * recentDays) / baselineDays);
  if (usual <= 0 || bucket.recent < 0) return null;
  if (isOneBillMoreOrLess(bucket, recentDays, baselineDays)) return null;
  const change = bucket.recent - usual;
  return {
    bucket,
    kind,
    recentDays,
    baselineDays,
    usual,
    change,
    percent: wholePercent(Math.abs(change), usual),
  };
}

/**
 * A bill paid about once a month (rent, a loan, insurance) lands twice in a 30-day window now and then,
 * and sometimes not at all: the window caught one due date more or fewer, which says nothing about
 * spending (even when the bill also changed, the doubled total would overstate it). So a bucket with at
 * most about one charge per window in its baseline, and two charges or none in the recent window, is left
 * alone; one charge well above the usual (a rent rise) still counts.
 */
function isOneBillMoreOrLess(bucket: SpendingBucket, recentDays: number, baselineDays: number): boolean {
  const usualCount = (bucket.baselineCount * recentDays) / baselineDays;
  return usualCount < 1.5 && (bucket.recentCount === 0 || bucket.recentCount === 2);
}

const isRise = (f: Finding) =>
  f.change >= SPENDING_RISE_MIN_AMOUNT && f.change * 100 >= f.usual * SPENDING_RISE_MIN_PERCENT;
const isDrop = (f: Finding) =>
  -f.change >= SPENDING_DROP_MIN_AMOUNT && -f.change * 100 >= f.usual * SPENDING_DROP_MIN_PERCENT;

function risePriority({ change, percent }: Finding): InsightPriority {
  if (change >= SPENDING_HIGH_RISE.amount && percent >= SPENDING_HIGH_RISE.percent) return 'high';
  if (change >= SPENDING_MEDIUM_RISE.amount || percent >= SPENDING_MEDIUM_RISE.percent) return 'medium';
  return 'low';
}

/**
 * More baseline transactions and a larger change make a finding surer; a recent total that is one single
 * purchase may be a one-off, so it is less sure.
 */
function findingConfidence({ bucket, percent }: Finding): number {
  return confidence(
    0.55 +
      0.2 * scale(bucket.baselineCount, SPENDING_MIN_BASELINE_TRANSACTIONS, 12) +
      0.2 * scale(percent, SPENDING_RISE_MIN_PERCENT, 200) -
      (bucket.recentCount === 1 ? 0.15 : 0),
  );
}

const where = (f: Finding) => (f.kind === 'category' ? `on ${f.bucket.label}` : `at ${f.bucket.label}`);

function figures(facts: InsightFacts, f: Finding): DraftFigure[] {
  const { bucket } = f;
  const filter = { category: bucket.category, merchant: bucket.merchant };
  const recent = { ...filter, startDate: facts.recentStart, endDate: facts.today };
  const baseline = { ...filter, startDate: facts.baselineStart, endDate: facts.baselineEnd };
  return [
    {
      label: `Last ${f.recentDays} days`,
      amount: bucket.recent,
      source: source(`${bucket.label}, ${spanLabel(facts.recentStart, facts.today)}`, {
        ...recent,
        transactionCount: bucket.recentCount,
      }),
    },
    {
      label: `Previous ${f.baselineDays} days`,
      amount: bucket.baselineTotal,
      source: source(`${bucket.label}, ${spanLabel(facts.baselineStart, facts.baselineEnd)}`, {
        ...baseline,
        transactionCount: bucket.baselineCount,
      }),
    },
    {
      label: `Usual ${f.recentDays} days`,
      amount: f.usual,
      source: source(`The previous ${f.baselineDays} days' total for ${f.recentDays} days`, baseline),
    },
    {
      label: f.change >= 0 ? 'Increase' : 'Decrease',
      amount: Math.abs(f.change),
      source: source(`The last ${f.recentDays} days against the usual`, recent),
    },
  ];
}

function riseInsight(facts: InsightFacts, f: Finding): InsightDraft {
  const { bucket } = f;
  const inBudget = facts.budget?.categories.some((c) => c.category === bucket.category) ?? false;
  return {
    key: `spending-up:${f.kind}:${bucket.key}:${facts.today.slice(0, 7)}`,
    type: 'spending',
    priority: risePriority(f),
    context: 'transactions',
    title: `Spending ${where(f)} up ${f.percent}%`,
    message:
      `You spent ${formatMoney(bucket.recent)} ${where(f)} in the last ${f.recentDays} days ` +
      `(${count(bucket.recentCount, 'transaction')}), ${formatMoney(f.change)} more than your usual ` +
      `${formatMoney(f.usual)}, the average for ${f.recentDays} days over the ${f.baselineDays} before.`,
    confidence: findingConfidence(f),
    actionSuggestion:
      f.kind === 'merchant'
        ? `Look through your ${bucket.label} transactions for anything unexpected or a charge you don't recognise.`
        : inBudget
          ? `Look through your ${bucket.label} transactions, and ease off to stay within its budget.`
          : `Look through your ${bucket.label} transactions, and consider a ${bucket.label} budget if this is the new normal.`,
    figures: figures(facts, f),
  };
}

/**
 * Categories and merchants spending well above their usual level (SPENDING_RISE_* both met). A merchant
 * whose category also rose, and that makes up at least half of that rise, is the same finding told twice:
 * only the category's is kept.
 */
export function spendingRiseInsights(facts: InsightFacts): InsightDraft[] {
  const categories = facts.categories
    .map((b) => compare(facts, b, 'category'))
    .filter((f): f is Finding => f !== null && isRise(f));
  const merchants = facts.merchants
    .map((b) => compare(facts, b, 'merchant'))
    .filter((f): f is Finding => f !== null && isRise(f))
    .filter((m) => {
      const category = categories.find(
        (c) => m.bucket.category !== null && c.bucket.category === m.bucket.category,
      );
      return !category || m.change * 2 < category.change;
    });
  return [...categories, ...merchants].map((f) => riseInsight(facts, f));
}

/**
 * Only a budgeted category that does not roll over adds what it leaves to the period's leftover (see
 * savings/allocation.ts), so only then does spending less there mean more saved.
 */
function dropAction(facts: InsightFacts, bucket: SpendingBucket): string | null {
  const budgeted = facts.budget?.categories.find((c) => c.category === bucket.category);
  if (!budgeted || budgeted.allowRollover) return null;
  const hasGoal = facts.goals.some((g) => g.isActive && !g.isCompleted);
  return hasGoal
    ? `Keep it up: what your ${bucket.label} budget doesn't spend this period adds to the leftover your savings goals share.`
    : `Keep it up, and consider a savings goal for what your ${bucket.label} budget doesn't spend.`;
}

/**
 * The category whose spending fell the most below its usual level (SPENDING_DROP_* both met): a low-priority
 * note worth seeing, so only the largest drop (ties to the lower key), never one per category.
 */
export function spendingDropInsights(facts: InsightFacts): InsightDraft[] {
  const drops = facts.categories
    .map((b) => compare(facts, b, 'category'))
    .filter((f): f is Finding => f !== null && isDrop(f))
    .sort(
      (a, b) =>
        a.change - b.change || (a.bucket.key < b.bucket.key ? -1 : a.bucket.key > b.bucket.key ? 1 : 0),
    );
  const f = drops[0];
  if (!f) return [];
  const { bucket } = f;
  return [
    {
      key: `spending-down:category:${bucket.key}:${facts.today.slice(0, 7)}`,
      type: 'spending',
      priority: 'low',
      context: 'transactions',
      title: `Spending ${where(f)} down ${f.percent}%`,
      message:
        `You spent ${formatMoney(bucket.recent)} ${where(f)} in the last ${f.recentDays} days, ` +
        `${formatMoney(-f.change)} less than your usual ${formatMoney(f.usual)}. Nice work.`,
      confidence: findingConfidence(f),
      actionSuggestion: dropAction(facts, bucket),
      figures: figures(facts, f),
    },
  ];
}
