import {
  addDays,
  categoryName,
  dayLabel,
  daysBetween,
  type Intent,
  isIncomeCategory,
  occurrencesBetween,
  projectIncome,
  SUBSCRIPTION_STATUS,
} from '@tally/shared';
import type { Db } from '../../db/client';
/** What an answer is built of before it leaves: words, figures in cents, proposals. */
import { type Draft, money, plural, rangeText, src, totals } from './advisor-draft';
import { cashBalance, topMerchants } from './ai.queries';
import { deposits, gatherFacts, trackedSubscriptions } from './facts';

export async function spending(
  db: Db,
  { userId, intent }: { userId: string; intent: Extract<Intent, { kind: 'spending' }> },
): Promise<Draft> {
  const { range } = intent;
  const filters = {
    startDate: range.startDate,
    endDate: range.endDate,
    ...(intent.category !== null ? { category: intent.category } : {}),
    ...(intent.merchant !== null ? { searchTerm: intent.merchant } : {}),
  };
  const t = await totals(db, { userId, filters });
  const what =
    intent.merchant !== null
      ? `at ${intent.merchant}${intent.category !== null ? ` (${categoryName(intent.category)})` : ''}`
      : intent.category !== null
        ? `on ${categoryName(intent.category)}`
        : 'in all';
  const figure = {
    label: `Spent ${what}`,
    amount: t.expenses,
    source: src(`Transactions ${what}, ${rangeText(range)}`, {
      startDate: range.startDate,
      endDate: range.endDate,
      category: intent.category,
      merchant: intent.merchant,
      transactionCount: t.count,
    }),
  };
  if (t.count === 0) {
    return { response: `I found no spending ${what} ${rangeText(range)}.`, figures: [figure], actions: [] };
  }
  return {
    response: `You spent ${money(t.expenses)} ${what} ${rangeText(range)}, across ${plural(t.count, 'transaction')}.`,
    figures: [figure],
    actions: [],
  };
}

export async function topSpending(
  db: Db,
  { userId, intent }: { userId: string; intent: Extract<Intent, { kind: 'top_spending' }> },
): Promise<Draft> {
  const { range } = intent;
  let rows: {
    label: string;
    expenses: number;
    count: number;
    category: number | null;
    merchant: string | null;
  }[];
  if (intent.by === 'category') {
    const t = await totals(db, { userId, filters: { startDate: range.startDate, endDate: range.endDate } });
    rows = [...t.byCategory]
      .filter(([code, c]) => !isIncomeCategory(code) && c.expenses > 0)
      .map(([code, c]) => ({
        label: categoryName(code),
        expenses: c.expenses,
        count: c.count,
        category: code,
        merchant: null,
      }));
  } else {
    const found = await topMerchants(db, {
      userId,
      startDate: range.startDate,
      endDate: range.endDate,
      limit: intent.limit,
    });
    rows = found
      .filter((r) => Number(r.expenses) > 0)
      .map((r) => ({
        label: r.merchant ?? '',
        expenses: Number(r.expenses),
        count: r.count,
        category: null,
        merchant: r.merchant,
      }));
  }
  rows = rows
    .sort((a, b) => b.expenses - a.expenses || a.label.localeCompare(b.label))
    .slice(0, intent.limit);
  if (rows.length === 0)
    return { response: `I found no spending ${rangeText(range)}.`, figures: [], actions: [] };
  const list = rows.map((r, i) => `${i + 1}. ${r.label}: ${money(r.expenses)}`).join('\n');
  return {
    response: `Where your money went ${rangeText(range)}, by ${intent.by}:\n${list}`,
    figures: rows.map((r) => ({
      label: r.label,
      amount: r.expenses,
      source: src(`${r.label}, ${rangeText(range)}`, {
        startDate: range.startDate,
        endDate: range.endDate,
        category: r.category,
        merchant: r.merchant,
        transactionCount: r.count,
      }),
    })),
    actions: [],
  };
}

export async function incomeOrNet(
  db: Db,
  { userId, intent }: { userId: string; intent: Extract<Intent, { kind: 'income' | 'net' }> },
): Promise<Draft> {
  const { range } = intent;
  const t = await totals(db, { userId, filters: { startDate: range.startDate, endDate: range.endDate } });
  const base = { startDate: range.startDate, endDate: range.endDate, transactionCount: t.count };
  const incomeFigure = {
    label: 'Money in',
    amount: t.income,
    source: src(`Money in, ${rangeText(range)}`, base),
  };
  const spentFigure = {
    label: 'Money out',
    amount: t.expenses,
    source: src(`Money out, ${rangeText(range)}`, base),
  };
  if (intent.kind === 'income') {
    return {
      response: `${money(t.income)} came in ${rangeText(range)} (transfers between your accounts left out).`,
      figures: [incomeFigure],
      actions: [],
    };
  }
  const net = t.income - t.expenses;
  const verdict =
    net >= 0
      ? `you kept ${money(net)}: more came in than went out.`
      : `you spent ${money(-net)} more than came in.`;
  return {
    response: `${rangeText(range)[0]?.toUpperCase()}${rangeText(range).slice(1)}: ${money(t.income)} came in and ${money(t.expenses)} went out, so ${verdict}`,
    figures: [
      incomeFigure,
      spentFigure,
      { label: 'Net', amount: net, source: src(`Money in less money out, ${rangeText(range)}`, base) },
    ],
    actions: [],
  };
}

export async function balance(db: Db, { userId }: { userId: string }): Promise<Draft> {
  const cash = await cashBalance(db, { userId });
  return {
    response: `You have ${money(cash)} across your checking and savings accounts.`,
    figures: [
      {
        label: 'Cash',
        amount: cash,
        source: src('Checking and savings balances, as the bank last reported them'),
      },
    ],
    actions: [],
  };
}

/**
 * Whether an amount fits by a day (default: today): cash now, plus the pay expected by then, less the
 * subscriptions due by then and everyday spending at the last 30 days' pace.
 */
export async function afford(
  db: Db,
  { userId, today, intent }: { userId: string; today: string; intent: Extract<Intent, { kind: 'afford' }> },
): Promise<Draft> {
  const by = intent.byDate && intent.byDate > today ? intent.byDate : today;
  const [facts, pay, subs] = await Promise.all([
    gatherFacts(db, { userId, today }),
    deposits(db, { userId, from: addDays(today, -119), today }),
    trackedSubscriptions(db, { userId, today }),
  ]);
  const tomorrow = addDays(today, 1);
  const income = projectIncome(pay, today, by).reduce((n, p) => n + p.amount, 0);
  const charges = subs
    .filter((s) => s.status === SUBSCRIPTION_STATUS.Active)
    .flatMap((s) =>
      occurrencesBetween(s.anchorDate, s.frequency, tomorrow, by)
        .filter((d) => d >= s.nextDueDate)
        .map(() => s.amount),
    )
    .reduce((n, a) => n + a, 0);
  const days = daysBetween(today, by);
  const everyday = facts.averageDailySpending * days;
  const available = facts.cashBalance + income - charges - everyday;
  const after = available - intent.amount;
  const what = intent.what ? ` the ${intent.what} (${money(intent.amount)})` : ` ${money(intent.amount)}`;
  const when = by === today ? 'today' : `by ${dayLabel(by, today)}`;
  const figures = [
    { label: 'Cash now', amount: facts.cashBalance, source: src('Checking and savings balances') },
    { label: 'Pay expected', amount: income, source: src(`Regular pay expected ${when}`) },
    { label: 'Subscriptions due', amount: charges, source: src(`Tracked subscriptions due ${when}`) },
    {
      label: 'Everyday spending',
      amount: everyday,
      source: src(
        `${money(facts.averageDailySpending)} a day, the last 30 days' pace, for ${plural(days, 'day')}`,
        {
          startDate: facts.recentStart,
          endDate: today,
        },
      ),
    },
  ];
  if (after >= 0) {
    return {
      response:
        `Yes. ${when[0]?.toUpperCase()}${when.slice(1)} you should have about ${money(available)} after pay, subscriptions and everyday ` +
        `spending, so${what} would leave about ${money(after)}.`,
      figures,
      actions: [],
    };
  }
  const perDay = days > 0 ? Math.ceil(-after / days) : -after;
  return {
    response:
      `Not comfortably. ${when[0]?.toUpperCase()}${when.slice(1)} you should have about ${money(available)} after pay, subscriptions and ` +
      `everyday spending, ${money(-after)} short of ${money(intent.amount)}.` +
      (days > 0 ? ` Spending ${money(perDay)} a day less until then would close the gap.` : ''),
    figures,
    actions: [
      {
        kind: 'create_goal',
        label: `Save for ${intent.what ?? money(intent.amount)}`,
        name: intent.what
          ? intent.what[0]?.toUpperCase() + intent.what.slice(1)
          : `Save ${money(intent.amount)}`,
        targetAmount: intent.amount,
        targetDate: by > today ? by : null,
      },
    ],
  };
}
