import {
  type AdvisorAction,
  categoryName,
  type DayRange,
  dayLabel,
  daysBetween,
  occurrencesBetween,
  type Question,
  SUBSCRIPTION_STATUS,
  type SubscriptionFrequency,
  yearlyTotal,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { activePeriodNow } from '../budgets';
/** What an answer is built of before it leaves: words, figures in cents, proposals. */
import { type Draft, money, percentOf, plural, rangeText, src, totals } from './advisor-draft';
import { budgetCategoryId } from './ai.queries';
import { goals, trackedSubscriptions } from './facts';

/** The current budget period, whole or one category: the asked measure first, all three figures. */
export async function budgetAnswer(
  db: Db,
  {
    userId,
    today,
    question: intent,
  }: { userId: string; today: string; question: Extract<Question, { kind: 'budget' }> },
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
    const used = percentOf(c.spent, c.allocated);
    const lead =
      intent.measure === 'used_percent' && used !== null
        ? `You've used ${used}% of your ${money(c.allocated)} ${name} budget (${money(c.spent)} spent), ${rest}.`
        : intent.measure === 'spent'
          ? `You've spent ${money(c.spent)} against your ${money(c.allocated)} ${name} budget, ${rest}.`
          : intent.measure === 'allocated'
            ? `Your ${name} budget is ${money(c.allocated)} this period (${money(c.spent)} spent so far).`
            : null;
    return {
      response:
        lead ??
        (left >= 0
          ? `You have ${money(left)} left of your ${money(c.allocated)} ${name} budget, ${rest} (you've spent ${money(c.spent)}).`
          : `You're ${money(-left)} over your ${money(c.allocated)} ${name} budget (spent ${money(c.spent)}), ${rest}.`),
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
  const used = percentOf(spent, allocated);
  const lead =
    intent.measure === 'allocated'
      ? `You've budgeted ${money(allocated)} in all in "${budget.name}" this period (${money(spent)} spent, ${rest}).`
      : intent.measure === 'spent'
        ? `You've spent ${money(spent)} against your ${money(allocated)} budget "${budget.name}", ${rest}.`
        : intent.measure === 'used_percent' && used !== null
          ? `You've used ${used}% of your ${money(allocated)} budget "${budget.name}" (${money(spent)} spent), ${rest}.`
          : null;
  return {
    response:
      (lead ??
        (allocated >= spent
          ? `Your budget "${budget.name}" has ${money(allocated - spent)} left of ${money(allocated)} `
          : `Your budget "${budget.name}" is ${money(spent - allocated)} over its ${money(allocated)} `) +
          `(${money(spent)} spent), ${rest}.`) +
      (over.length ? ` Over budget: ${over.join(', ')}.` : ' Every category is within its budget.'),
    figures: [
      { label: 'Budgeted', amount: allocated, source },
      { label: 'Spent', amount: spent, source },
      { label: 'Left', amount: allocated - spent, source },
    ],
    actions: [],
  };
}

/** What tracked subscriptions cost a month or a year, one by its name or all the active ones, or how many. */
export async function subscriptionsAnswer(
  db: Db,
  {
    userId,
    today,
    question: q,
  }: { userId: string; today: string; question: Extract<Question, { kind: 'subscriptions' }> },
): Promise<Draft> {
  const tracked = await trackedSubscriptions(db, { userId, today });
  if (q.name !== null) {
    const s = tracked.find((t) => t.name.toLowerCase() === q.name?.toLowerCase());
    if (!s)
      return {
        response: `You are not tracking a subscription called "${q.name}".`,
        figures: [],
        actions: [],
      };
    const yearly = yearlyTotal(s.amount, s.frequency);
    const [amount, per] = q.measure === 'yearly' ? [yearly, 'a year'] : [s.monthlyAmount, 'a month'];
    const state = s.status === SUBSCRIPTION_STATUS.Active ? '' : ' It is not active now.';
    return {
      response: `${s.name} costs you ${money(amount)} ${per} (${money(s.amount)} each ${FREQUENCY_WORD[s.frequency]}).${state}`,
      figures: [
        { label: `${s.name}, ${per}`, amount, source: src(`${s.name}, ${per}`, { searchTerm: s.name }) },
      ],
      actions: [],
    };
  }
  const active = tracked.filter((s) => s.status === SUBSCRIPTION_STATUS.Active);
  if (active.length === 0) {
    return {
      response:
        'You are not tracking any active subscriptions. The Subscriptions screen can find them in your history.',
      figures: [],
      actions: [],
    };
  }
  const monthly = active.reduce((n, s) => n + s.monthlyAmount, 0);
  // Each one's year as its own schedule makes it: an annual $100 is $100.00, not twelve rounded months.
  const yearly = active.reduce((n, s) => n + yearlyTotal(s.amount, s.frequency), 0);
  const top = [...active].sort((a, b) => b.monthlyAmount - a.monthlyAmount).slice(0, 3);
  const rising = active.find((s) => s.priceChange && s.amount > s.priceChange.previousAmount);
  const described = `${plural(active.length, 'active subscription')}`;
  const lead =
    q.measure === 'count'
      ? `You have ${described}, about ${money(monthly)} a month (${money(yearly)} a year).`
      : q.measure === 'yearly'
        ? `Your ${described} come to ${money(yearly)} a year (about ${money(monthly)} a month).`
        : `Your ${described} come to about ${money(monthly)} a month (${money(yearly)} a year).`;
  return {
    response: `${lead} The biggest: ${top.map((s) => `${s.name} ${money(s.monthlyAmount)}/mo`).join(', ')}.`,
    figures: [
      q.measure === 'yearly'
        ? { label: 'Subscriptions per year', amount: yearly, source: src(`${described}, a year each`) }
        : {
            label: 'Subscriptions per month',
            amount: monthly,
            source: src(`${described}, monthly equivalents`),
          },
      ...top.map((s) => ({
        label: s.name,
        amount: s.monthlyAmount,
        source: src(`${s.name}, per month`, { searchTerm: s.name }),
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

const FREQUENCY_WORD: Record<SubscriptionFrequency, string> = {
  0: 'week',
  1: 'two weeks',
  2: 'month',
  3: 'quarter',
  4: 'six months',
  5: 'year',
  99: 'charge',
};

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
        source: src(`${d.s.name} due ${d.date}`, { searchTerm: d.s.name }),
      })),
    ],
    actions: [],
  };
}

/** One goal or every goal: progress in percent, what is saved, or what is still needed. */
export async function goalAnswer(
  db: Db,
  {
    userId,
    today,
    question: q,
  }: { userId: string; today: string; question: Extract<Question, { kind: 'goal' }> },
): Promise<Draft> {
  const name = q.goal;
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
  const needed = (g: (typeof all)[number]) => Math.max(g.targetAmount - g.currentAmount, 0);
  const line = (g: (typeof all)[number]) => {
    const percent = percentOf(g.currentAmount, g.targetAmount) ?? '0';
    const when = g.isCompleted
      ? 'reached'
      : g.targetDate
        ? `${g.status === 'behind' ? 'behind pace' : 'on track'} for ${dayLabel(g.targetDate, today)}${g.dailyRequired ? `, ${money(g.dailyRequired)} a day needed` : ''}`
        : 'no deadline';
    const still = g.isCompleted ? '' : `, ${money(needed(g))} still needed`;
    return `${g.name}: ${money(g.currentAmount)} of ${money(g.targetAmount)} (${percent}%)${still}, ${when}`;
  };
  const saved = chosen.reduce((n, g) => n + g.currentAmount, 0);
  const target = chosen.reduce((n, g) => n + g.targetAmount, 0);
  const stillNeeded = chosen.reduce((n, g) => n + needed(g), 0);
  const several = chosen.length > 1;
  const lead = !several
    ? ''
    : q.measure === 'saved'
      ? `You've saved ${money(saved)} toward your ${chosen.length} goals (${percentOf(saved, target) ?? '0'}% of ${money(target)}).\n`
      : q.measure === 'needed'
        ? `Your ${chosen.length} goals still need ${money(stillNeeded)} in all.\n`
        : '';
  const perGoal = chosen.flatMap((g) => [
    { label: `${g.name} saved`, amount: g.currentAmount, source: src(`Goal "${g.name}"`) },
    { label: `${g.name} target`, amount: g.targetAmount, source: src(`Goal "${g.name}"`) },
    {
      label: `${g.name} still needed`,
      amount: needed(g),
      source: src(`Goal "${g.name}": target less saved`),
    },
  ]);
  // Every goal's answer carries saved and still needed in all, whichever the question led with.
  const totals = several
    ? [
        { label: 'Saved toward all goals', amount: saved, source: src('Every goal') },
        {
          label: 'Still needed for all goals',
          amount: stillNeeded,
          source: src('Every goal: targets less saved'),
        },
      ]
    : [];
  return { response: lead + chosen.map(line).join('\n'), figures: [...totals, ...perGoal], actions: [] };
}
