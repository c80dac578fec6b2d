import {
  type AdvisorAction,
  addDays,
  addMonths,
  type CategoryCode,
  categoryName,
  daysBetween,
  type InsightDraft,
  lastDayOfMonth,
  NO_FILTERS,
  type Question,
  SUBSCRIPTION_STATUS,
  startOfMonth,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { getActiveBudget } from '../budgets';
import { type Draft, money, src } from './advisor-draft';
import { topSpending } from './advisor-money';
import { budgetCategoryId, flowOver, trackedSubscriptionRows } from './ai.queries';

/** How many of the person's findings an answer to "how can I save" gives: a reply, not a report. */
const MAX_SUGGESTIONS = 3;

/**
 * "How can I save more?", "Am I overspending?", "Should I cut back on eating out?": answered with the
 * person's own findings (the insight rules, most important first), each with the figures behind it and,
 * where Tally can carry it out, a change to confirm. About one category, its month so far against the
 * three months before. With nothing unusual, where the money went in the last 30 days.
 */
export async function adviceAnswer(
  db: Db,
  {
    userId,
    today,
    question: q,
    findings: all,
  }: {
    userId: string;
    today: string;
    question: Extract<Question, { kind: 'advice' }>;
    /** The person's current findings, most important first. */
    findings: readonly InsightDraft[];
  },
): Promise<Draft> {
  const about = (i: InsightDraft) =>
    q.category === null || i.figures.some((f) => f.source.category === q.category);
  const findings = all.filter(about).slice(0, MAX_SUGGESTIONS);
  const category =
    q.category === null ? null : await categoryPace(db, { userId, today, category: q.category });
  if (findings.length === 0 && !category) {
    const top = await topSpending(db, {
      userId,
      question: {
        kind: 'top_spending',
        range: { startDate: addDays(today, -29), endDate: today, label: 'the last 30 days' },
        by: 'category',
        limit: 3,
      },
    });
    const first = top.figures[0];
    if (!first) {
      return {
        response:
          'I have too little of your history to suggest anything yet. Ask me again once a few weeks of transactions are in.',
        figures: [],
        actions: [],
      };
    }
    return {
      response:
        `Nothing in your numbers stands out as unusual right now. ${top.response}\n` +
        `The first is where a change counts most: 10% less on ${first.label} would keep about ${money(Math.round(first.amount / 10))} a month.`,
      figures: top.figures,
      actions: [],
    };
  }
  const actions = (await Promise.all(findings.map((i) => actionFor(db, { userId, insight: i })))).filter(
    (a): a is AdvisorAction => a !== null,
  );
  const lines = findings.map(
    (i, n) => `${n + 1}. ${i.title}. ${i.message}${i.actionSuggestion ? ` ${i.actionSuggestion}` : ''}`,
  );
  return {
    response: [
      category?.response,
      findings.length > 0 ? `${category ? 'Also, from' : 'From'} your numbers:` : null,
      ...lines,
    ]
      .filter(Boolean)
      .join('\n'),
    // A finding's figures say whose they are: "Spent, Dining Out", not a bare "Spent" beside another's.
    figures: [
      ...(category?.figures ?? []),
      ...findings.flatMap((i) =>
        i.figures.map((f) =>
          f.source.category !== null && !f.label.includes(categoryName(f.source.category))
            ? { ...f, label: `${f.label}, ${categoryName(f.source.category)}` }
            : f,
        ),
      ),
    ],
    actions: actions.filter((a, i) => actions.findIndex((b) => b.label === a.label) === i),
  };
}

/** One category's month so far against its average over the three complete months before. */
async function categoryPace(
  db: Db,
  { userId, today, category }: { userId: string; today: string; category: CategoryCode },
): Promise<Draft | null> {
  const filters = { ...NO_FILTERS, categories: [category] };
  const monthStart = startOfMonth(today);
  const months = [3, 2, 1].map((n) => {
    const start = addMonths(monthStart, -n);
    return { startDate: start, endDate: lastDayOfMonth(start) };
  });
  const [now, ...before] = await Promise.all([
    flowOver(db, { userId, from: monthStart, to: today, filters }),
    ...months.map((m) => flowOver(db, { userId, from: m.startDate, to: m.endDate, filters })),
  ]);
  if (!now) return null;
  const average = Math.round(before.reduce((n, t) => n + t.out, 0) / months.length);
  const name = categoryName(category);
  const elapsed = daysBetween(monthStart, today) + 1;
  const days = daysBetween(monthStart, lastDayOfMonth(today)) + 1;
  const pace = Math.round((now.out * days) / elapsed);
  const verdict =
    average === 0
      ? 'You had no spending there in the three months before.'
      : pace > average * 1.1
        ? `At this pace the month ends near ${money(pace)}, above your usual: a few smaller ${name} purchases would bring it back in line.`
        : pace < average * 0.9
          ? `At this pace the month ends near ${money(pace)}, below your usual: you're already spending less there.`
          : `At this pace the month ends near ${money(pace)}, close to your usual.`;
  const first = months[0];
  const last = months[2];
  return {
    response: `You've spent ${money(now.out)} on ${name} this month, against ${money(average)} a month on average over the three months before. ${verdict}`,
    figures: [
      {
        label: `${name} this month`,
        amount: now.out,
        source: src(`${name}, this month so far`, {
          startDate: monthStart,
          endDate: today,
          category,
          transactionCount: now.outCount,
        }),
      },
      {
        label: `${name}, average a month`,
        amount: average,
        source: src(`${name}, the three months before, ÷ 3`, {
          startDate: first?.startDate,
          endDate: last?.endDate,
          category,
        }),
      },
    ],
    actions: [],
  };
}

/** The change Tally can make for a finding, to confirm on screen; null when the finding's remedy is the person's. */
async function actionFor(
  db: Db,
  { userId, insight }: { userId: string; insight: InsightDraft },
): Promise<AdvisorAction | null> {
  const [kind, id] = insight.key.split(':');
  if (kind === 'price-rise' || kind === 'missed-charge') {
    const s = (await trackedSubscriptionRows(db, { userId })).find(
      (x) => x.id === id && x.status === SUBSCRIPTION_STATUS.Active,
    );
    return s
      ? { kind: 'pause_subscription', label: `Pause ${s.name}`, subscriptionId: s.id, name: s.name }
      : null;
  }
  // A finding's first figure is what its remedy is sized by: the leftover so far, or what the period has
  // spent in the category over budget (the allocation that would cover it).
  const first = insight.figures[0]?.amount;
  if (kind === 'leftover-no-goal' && first !== undefined) {
    const target = Math.max(first * 6, 10_000);
    return {
      kind: 'create_goal',
      label: 'Start a savings goal',
      name: 'Savings',
      targetAmount: target,
      targetDate: null,
    };
  }
  if (kind === 'over-budget' && id !== undefined && first !== undefined) {
    const budget = await getActiveBudget(db, { userId });
    const category = Number(id) as CategoryCode;
    const categoryId =
      budget?.isActive && (await budgetCategoryId(db, { userId, budgetId: budget.id, category }));
    return budget && categoryId
      ? {
          kind: 'raise_budget_category',
          label: `Raise ${categoryName(category)} to ${money(first)}`,
          budgetId: budget.id,
          categoryId,
          category,
          allocatedAmount: first,
        }
      : null;
  }
  return null;
}
