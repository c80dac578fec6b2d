import type { CategoryCode } from '@tally/shared';
import {
  type AdvisorAction,
  type AdvisorAnswer,
  addDays,
  categoryName,
  centsToDollars,
  type DayRange,
  dayLabel,
  daysBetween,
  type FigureSource,
  formatMoney,
  goalProgress,
  type InsightFigure,
  type Intent,
  isIncomeCategory,
  occurrencesBetween,
  projectIncome,
  SUBSCRIPTION_STATUS,
  spanLabel,
} from '@tally/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { budgetCategories, transactions } from '../../db/schema';
import { activePeriodNow } from '../budgets';
import { filterWhere, totalsStatements } from '../transactions';
import { cashBalance, deposits, gatherFacts, goals, trackedSubscriptions } from './facts';

/** What an answer is built of before it leaves: words, figures in cents, proposals. */
type Draft = {
  response: string;
  figures: (Omit<InsightFigure, 'amount'> & { amount: number })[];
  actions: AdvisorAction[];
};

/** What the built-in advisor can answer, said when it declines. */
export const CAN_ANSWER =
  'I can answer questions about your own money in Tally: what you spent (by category, merchant or period), ' +
  'your income, what is left in your budget, your subscriptions and what is due, your goals, your balance, ' +
  'and whether you can afford something by a date.';

const money = formatMoney;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function src(description: string, f: Partial<Omit<FigureSource, 'description'>> = {}): FigureSource {
  return {
    description,
    startDate: f.startDate ?? null,
    endDate: f.endDate ?? null,
    category: f.category ?? null,
    merchant: f.merchant ?? null,
    transactionCount: f.transactionCount ?? null,
  };
}

/** "last month (Oct 1 – Oct 31, 2026)". */
const rangeText = (r: DayRange) =>
  r.startDate === r.endDate
    ? `${r.label} (${spanLabel(r.startDate, r.endDate).split(' – ')[1]})`
    : `${r.label} (${spanLabel(r.startDate, r.endDate)})`;

/**
 * Money in and out over a range as the Transactions screen totals it with the same filters (transfers
 * left out), so a figure and its link always agree.
 */
async function totals(
  db: Db,
  userId: string,
  filters: { startDate: string; endDate: string; category?: CategoryCode; searchTerm?: string },
) {
  const parts = await Promise.all(totalsStatements(db, { userId, filters }));
  let income = 0;
  let expenses = 0;
  let count = 0;
  const byCategory = new Map<number, { income: number; expenses: number; count: number }>();
  for (const row of parts.flat()) {
    if (row.isTransfer) continue;
    income += Number(row.income);
    expenses += Number(row.expenses);
    count += Number(row.count);
    const c = byCategory.get(row.category) ?? { income: 0, expenses: 0, count: 0 };
    c.income += Number(row.income);
    c.expenses += Number(row.expenses);
    c.count += Number(row.count);
    byCategory.set(row.category, c);
  }
  return { income, expenses, count, byCategory };
}

async function spending(
  db: Db,
  userId: string,
  intent: Extract<Intent, { kind: 'spending' }>,
): Promise<Draft> {
  const { range } = intent;
  const filters = {
    startDate: range.startDate,
    endDate: range.endDate,
    ...(intent.category !== null ? { category: intent.category } : {}),
    ...(intent.merchant !== null ? { searchTerm: intent.merchant } : {}),
  };
  const t = await totals(db, userId, filters);
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

async function topSpending(
  db: Db,
  userId: string,
  intent: Extract<Intent, { kind: 'top_spending' }>,
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
    const t = await totals(db, userId, { startDate: range.startDate, endDate: range.endDate });
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
    const tx = transactions;
    const found = await db
      .select({
        merchant: tx.merchantName,
        expenses: sql<string>`coalesce(-sum(${tx.amount}) filter (where ${tx.amount} < 0), 0)`,
        count: sql<number>`count(*)::int`,
      })
      .from(tx)
      .where(and(filterWhere(userId, range), eq(tx.isTransfer, false), sql`${tx.merchantName} is not null`))
      .groupBy(tx.merchantName)
      .having(sql`sum(${tx.amount}) filter (where ${tx.amount} < 0) < 0`)
      .orderBy(desc(sql`2`), tx.merchantName)
      .limit(intent.limit);
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

async function incomeOrNet(
  db: Db,
  userId: string,
  intent: Extract<Intent, { kind: 'income' | 'net' }>,
): Promise<Draft> {
  const { range } = intent;
  const t = await totals(db, userId, { startDate: range.startDate, endDate: range.endDate });
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

async function budgetLeft(
  db: Db,
  userId: string,
  today: string,
  intent: Extract<Intent, { kind: 'budget_left' }>,
): Promise<Draft> {
  const current = await activePeriodNow(db, userId, today);
  if (!current) {
    return {
      response:
        'You have no active budget yet. Create one on the Budgets screen and I can tell you what is left.',
      figures: [],
      actions: [],
    };
  }
  const { budget, period, figures } = current;
  // The days after today, as the Budgets screen ('3 days left') and the insights count them.
  const daysLeft = daysBetween(today, period.endDate);
  const rest = daysLeft > 0 ? `with ${plural(daysLeft, 'day')} to go` : 'and today is its last day';
  const span = { label: 'this period', startDate: period.startDate, endDate: period.endDate };
  if (intent.category !== null) {
    const c = figures.find((f) => f.category === intent.category);
    const name = categoryName(intent.category);
    if (!c) {
      return {
        response: `Your budget "${budget.name}" has nothing set aside for ${name}.`,
        figures: [],
        actions: [],
      };
    }
    const left = c.allocated - c.spent;
    const source = src(`${name}, ${rangeText(span)}`, {
      startDate: period.startDate,
      endDate: period.endDate,
      category: c.category,
    });
    const actions: AdvisorAction[] = [];
    if (left < 0 && budget.isActive) {
      const [row] = await db
        .select({ id: budgetCategories.id })
        .from(budgetCategories)
        .where(
          and(
            eq(budgetCategories.userId, userId),
            eq(budgetCategories.budgetId, budget.id),
            eq(budgetCategories.category, c.category),
          ),
        );
      if (row) {
        actions.push({
          kind: 'raise_budget_category',
          label: `Raise ${name} to ${money(c.spent)}`,
          budgetId: budget.id,
          categoryId: row.id,
          category: c.category,
          allocatedAmount: centsToDollars(c.spent),
        });
      }
    }
    return {
      response:
        left >= 0
          ? `You have ${money(left)} left of your ${money(c.allocated)} ${name} budget, ${rest} (you've spent ${money(c.spent)}).`
          : `You're ${money(-left)} over your ${money(c.allocated)} ${name} budget (spent ${money(c.spent)}), ${rest}.`,
      figures: [
        { label: `${name} budget`, amount: c.allocated, source },
        {
          label: `${name} spent`,
          amount: c.spent,
          // Its transactions, as the Transactions screen lists them for the category and the period.
          source: {
            ...source,
            transactionCount: (
              await totals(db, userId, {
                startDate: period.startDate,
                endDate: period.endDate,
                category: c.category,
              })
            ).count,
          },
        },
        { label: `${name} left`, amount: left, source },
      ],
      actions,
    };
  }
  const allocated = figures.reduce((n, f) => n + f.allocated, 0);
  const spent = figures.reduce((n, f) => n + f.spent, 0);
  const over = figures.filter((f) => f.spent > f.allocated).map((f) => categoryName(f.category));
  const source = src(`Budget "${budget.name}", ${rangeText(span)}`, {
    startDate: period.startDate,
    endDate: period.endDate,
  });
  return {
    response:
      (allocated >= spent
        ? `Your budget "${budget.name}" has ${money(allocated - spent)} left of ${money(allocated)} `
        : `Your budget "${budget.name}" is ${money(spent - allocated)} over its ${money(allocated)} `) +
      `(${money(spent)} spent), ${rest}.` +
      (over.length ? ` Over budget: ${over.join(', ')}.` : ' Every category is within its budget.'),
    figures: [
      { label: 'Budgeted', amount: allocated, source },
      { label: 'Spent', amount: spent, source },
      { label: 'Left', amount: allocated - spent, source },
    ],
    actions: [],
  };
}

async function subscriptionsTotal(db: Db, userId: string, today: string): Promise<Draft> {
  const active = (await trackedSubscriptions(db, userId, today)).filter(
    (s) => s.status === SUBSCRIPTION_STATUS.Active,
  );
  if (active.length === 0) {
    return {
      response:
        'You are not tracking any active subscriptions. The Subscriptions screen can find them in your history.',
      figures: [],
      actions: [],
    };
  }
  const monthly = active.reduce((n, s) => n + s.monthlyAmount, 0);
  const top = [...active].sort((a, b) => b.monthlyAmount - a.monthlyAmount).slice(0, 3);
  const rising = active.find((s) => s.priceChange && s.amount > s.priceChange.previousAmount);
  return {
    response:
      `Your ${plural(active.length, 'active subscription')} come to about ${money(monthly)} a month ` +
      `(${money(monthly * 12)} a year). The biggest: ${top.map((s) => `${s.name} ${money(s.monthlyAmount)}/mo`).join(', ')}.`,
    figures: [
      {
        label: 'Subscriptions per month',
        amount: monthly,
        source: src(`${plural(active.length, 'active subscription')}, monthly equivalents`),
      },
      ...top.map((s) => ({
        label: s.name,
        amount: s.monthlyAmount,
        source: src(`${s.name}, per month`, { merchant: s.name }),
      })),
    ],
    actions: rising
      ? [
          {
            kind: 'pause_subscription',
            label: `Pause ${rising.name}`,
            subscriptionId: rising.id,
            name: rising.name,
          },
        ]
      : [],
  };
}

async function subscriptionsUpcoming(db: Db, userId: string, today: string, range: DayRange): Promise<Draft> {
  const active = (await trackedSubscriptions(db, userId, today)).filter(
    (s) => s.status === SUBSCRIPTION_STATUS.Active,
  );
  const due = active
    .flatMap((s) =>
      occurrencesBetween(s.anchorDate, s.frequency, range.startDate, range.endDate)
        .filter((date) => date >= s.nextDueDate)
        .map((date) => ({ s, date })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.s.name.localeCompare(b.s.name));
  if (due.length === 0) return { response: `Nothing is due ${rangeText(range)}.`, figures: [], actions: [] };
  const total = due.reduce((n, d) => n + d.s.amount, 0);
  return {
    response:
      `${plural(due.length, 'charge')} due ${rangeText(range)}, ${money(total)} in all:\n` +
      due.map((d) => `${dayLabel(d.date, today)}: ${d.s.name} ${money(d.s.amount)}`).join('\n'),
    figures: [
      {
        label: 'Due in all',
        amount: total,
        source: src(`Subscriptions due ${rangeText(range)}`, {
          startDate: range.startDate,
          endDate: range.endDate,
        }),
      },
      ...due.map((d) => ({
        label: `${d.s.name}, ${dayLabel(d.date, today)}`,
        amount: d.s.amount,
        source: src(`${d.s.name} due ${d.date}`, { merchant: d.s.name }),
      })),
    ],
    actions: [],
  };
}

async function goalProgressAnswer(
  db: Db,
  userId: string,
  today: string,
  name: string | null,
): Promise<Draft> {
  const all = await goals(db, userId, today);
  const chosen = name === null ? all : all.filter((g) => g.name.toLowerCase() === name.toLowerCase());
  if (chosen.length === 0) {
    return {
      response:
        name === null
          ? 'You have no savings goals yet. Set one on the Savings screen.'
          : `I couldn't find a goal called "${name}".`,
      figures: [],
      actions: [],
    };
  }
  const line = (g: (typeof all)[number]) => {
    const percent = goalProgress(g);
    const when = g.isCompleted
      ? 'reached'
      : g.targetDate
        ? `${g.status === 'behind' ? 'behind pace' : 'on track'} for ${dayLabel(g.targetDate, today)}${g.dailyRequired ? `, ${money(g.dailyRequired)} a day needed` : ''}`
        : 'no deadline';
    return `${g.name}: ${money(g.currentAmount)} of ${money(g.targetAmount)} (${percent}%), ${when}`;
  };
  return {
    response: chosen.map(line).join('\n'),
    figures: chosen.flatMap((g) => [
      { label: `${g.name} saved`, amount: g.currentAmount, source: src(`Goal "${g.name}"`) },
      { label: `${g.name} target`, amount: g.targetAmount, source: src(`Goal "${g.name}"`) },
    ]),
    actions: [],
  };
}

async function balance(db: Db, userId: string): Promise<Draft> {
  const cash = await cashBalance(db, userId);
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
async function afford(
  db: Db,
  userId: string,
  today: string,
  intent: Extract<Intent, { kind: 'afford' }>,
): Promise<Draft> {
  const by = intent.byDate && intent.byDate > today ? intent.byDate : today;
  const [facts, pay, subs] = await Promise.all([
    gatherFacts(db, userId, today),
    deposits(db, userId, addDays(today, -119), today),
    trackedSubscriptions(db, userId, today),
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
        targetAmount: centsToDollars(intent.amount),
        targetDate: by > today ? by : null,
      },
    ],
  };
}

/** Answers an understood question from the person's own numbers; every figure carries its source. */
export async function answerIntent(
  db: Db,
  userId: string,
  today: string,
  intent: Intent,
): Promise<AdvisorAnswer> {
  const draft = await (async (): Promise<Draft> => {
    switch (intent.kind) {
      case 'spending':
        return spending(db, userId, intent);
      case 'top_spending':
        return topSpending(db, userId, intent);
      case 'income':
      case 'net':
        return incomeOrNet(db, userId, intent);
      case 'budget_left':
        return budgetLeft(db, userId, today, intent);
      case 'subscriptions_total':
        return subscriptionsTotal(db, userId, today);
      case 'subscriptions_upcoming':
        return subscriptionsUpcoming(db, userId, today, intent.range);
      case 'goal_progress':
        return goalProgressAnswer(db, userId, today, intent.goal);
      case 'balance':
        return balance(db, userId);
      case 'afford':
        return afford(db, userId, today, intent);
      case 'unknown':
        return {
          response:
            intent.reason === 'out_of_scope'
              ? `I can't help with that. ${CAN_ANSWER}`
              : `I'm not sure what you're asking. ${CAN_ANSWER}`,
          figures: [],
          actions: [],
        };
    }
  })();
  return {
    response: draft.response,
    figures: draft.figures.map((f) => ({ ...f, amount: centsToDollars(f.amount) })),
    actions: draft.actions,
    intent: intent.kind,
    answeredBy: 'built-in',
  };
}
