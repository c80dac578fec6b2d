import {
  type AdvisorAction,
  categoryName,
  type DayRange,
  dayLabel,
  daysBetween,
  goalProgress,
  type Intent,
  occurrencesBetween,
  SUBSCRIPTION_STATUS,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { activePeriodNow } from '../budgets';
/** What an answer is built of before it leaves: words, figures in cents, proposals. */
import { type Draft, money, plural, rangeText, src, totals } from './advisor-draft';
import { budgetCategoryId } from './ai.queries';
import { goals, trackedSubscriptions } from './facts';

export async function budgetLeft(
  db: Db,
  {
    userId,
    today,
    intent,
  }: { userId: string; today: string; intent: Extract<Intent, { kind: 'budget_left' }> },
): Promise<Draft> {
  const current = await activePeriodNow(db, { userId, day: today });
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
      const categoryId = await budgetCategoryId(db, { userId, budgetId: budget.id, category: c.category });
      if (categoryId) {
        actions.push({
          kind: 'raise_budget_category',
          label: `Raise ${name} to ${money(c.spent)}`,
          budgetId: budget.id,
          categoryId,
          category: c.category,
          allocatedAmount: c.spent,
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
              await totals(db, {
                userId,
                filters: { startDate: period.startDate, endDate: period.endDate, category: c.category },
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

export async function subscriptionsTotal(
  db: Db,
  { userId, today }: { userId: string; today: string },
): Promise<Draft> {
  const active = (await trackedSubscriptions(db, { userId, today })).filter(
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

export async function subscriptionsUpcoming(
  db: Db,
  { userId, today, range }: { userId: string; today: string; range: DayRange },
): Promise<Draft> {
  const active = (await trackedSubscriptions(db, { userId, today })).filter(
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

export async function goalProgressAnswer(
  db: Db,
  { userId, today, name }: { userId: string; today: string; name: string | null },
): Promise<Draft> {
  const all = await goals(db, { userId, today });
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
