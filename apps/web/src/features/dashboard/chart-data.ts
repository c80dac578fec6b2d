import { type Cents, formatMoney, type MonthlyCashFlow } from '@tally/shared';

type Spending = readonly { category: number; categoryName: string; amount: Cents }[];

/** Colours that keep 3:1 against both the light and the dark card; "Other" is the quiet one. */
export const SLICE_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.7', 'pink.6'] as const;
export const OTHER_COLOR = 'gray.6';

/** The donut shows the largest categories by name and the rest together, so no slice is a sliver. */
export const NAMED_SLICES = SLICE_COLORS.length;

export type Slice = { key: string; name: string; cents: Cents; share: number; color: string };

/**
 * Spending by category as the donut's slices: the largest NAMED_SLICES, then "Other" for the rest, each
 * with its share of the whole in percent (one decimal). Nothing spent: no slices.
 */
export function spendingSlices(spending: Spending): Slice[] {
  const rows = [...spending]
    .map((s) => ({ key: String(s.category), name: s.categoryName, cents: s.amount }))
    .filter((s) => s.cents > 0)
    .sort((a, b) => b.cents - a.cents);
  const total = rows.reduce((n, s) => n + s.cents, 0);
  if (total === 0) return [];
  const named = rows.length > NAMED_SLICES + 1 ? rows.slice(0, NAMED_SLICES) : rows;
  const rest = rows.slice(named.length);
  const slices: Omit<Slice, 'share'>[] = named.map((s, i) => ({
    ...s,
    color: SLICE_COLORS[i % SLICE_COLORS.length]!,
  }));
  if (rest.length > 0) {
    slices.push({
      key: 'other',
      name: 'Other',
      cents: rest.reduce((n, s) => n + s.cents, 0),
      color: OTHER_COLOR,
    });
  }
  const share = (cents: number) => Math.round((cents / total) * 1000) / 10;
  return slices.map((s) => ({ ...s, share: share(s.cents) }));
}

/** The donut in words, for those who do not see it. */
export function spendingSummary(slices: readonly Slice[]): string {
  const total = slices.reduce((n, s) => n + s.cents, 0);
  const parts = slices.map((s) => `${s.name} ${formatMoney(s.cents)} (${s.share}%)`);
  return `Spending by category in the last 30 days, ${formatMoney(total)} in all: ${parts.join(', ')}.`;
}

const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthDate = (month: string) => new Date(`${month}T00:00:00Z`);

export type CashFlowBar = { month: string; label: string; income: Cents; expenses: Cents };

/** The bar chart's rows: one per month in cents (the chart's labels format them), named by the month. */
export function cashFlowBars(months: MonthlyCashFlow): CashFlowBar[] {
  return months.map((m) => ({
    month: m.month,
    label: monthShort.format(monthDate(m.month)),
    income: m.income,
    expenses: m.expenses,
  }));
}

/** Whether there is anything to draw: a chart of six empty months says nothing. */
export const hasCashFlow = (months: MonthlyCashFlow) => months.some((m) => m.income > 0 || m.expenses > 0);

/** The bars in words: each month's income and expenses. */
export function cashFlowSummary(months: MonthlyCashFlow): string {
  const parts = months.map(
    (m) =>
      `${monthLong.format(monthDate(m.month))}: income ${formatMoney(m.income)}, expenses ${formatMoney(m.expenses)}`,
  );
  return `Income and expenses by month. ${parts.join('; ')}.`;
}
