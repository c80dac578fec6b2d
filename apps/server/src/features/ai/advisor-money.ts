import {
  ACCOUNT_TYPE,
  addDays,
  categoryName,
  dayLabel,
  daysBetween,
  isIncomeCategory,
  occurrencesBetween,
  projectIncome,
  type Question,
  SUBSCRIPTION_STATUS,
} from '@tally/shared';
import type { Db } from '../../db/client';
/** What an answer is built of before it leaves: words, figures in cents, proposals. */
import { type Draft, money, plural, rangeText, src, totals } from './advisor-draft';
import { accountBalances, topMerchants } from './ai.queries';
import { deposits, gatherFacts, trackedSubscriptions } from './facts';

export async function topSpending(
  db: Db,
  { userId, question: intent }: { userId: string; question: Extract<Question, { kind: 'top_spending' }> },
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

const ACCOUNTS_TEXT = {
  cash: 'across your checking and savings accounts',
  checking: 'in checking',
  savings: 'in savings',
  credit: 'owed on your credit cards',
  net_worth: 'in net worth',
} as const;

/**
 * Balances as the bank last reported them: cash is every depository account; checking and savings by the
 * account's kind; credit what the cards owe; net worth what is held less what is owed.
 */
export async function balance(
  db: Db,
  { userId, question: q }: { userId: string; question: Extract<Question, { kind: 'balance' }> },
): Promise<Draft> {
  const rows = (await accountBalances(db, { userId })).map((r) => ({ ...r, balance: r.balance ?? 0 }));
  const isCash = (r: (typeof rows)[number]) => r.type === ACCOUNT_TYPE.Depository;
  const owes = (r: (typeof rows)[number]) => r.type === ACCOUNT_TYPE.Credit || r.type === ACCOUNT_TYPE.Loan;
  const kinds: Record<typeof q.accounts, (r: (typeof rows)[number]) => boolean> = {
    cash: isCash,
    checking: (r) => isCash(r) && (r.subtype ?? '').toLowerCase().includes('checking'),
    savings: (r) => isCash(r) && (r.subtype ?? '').toLowerCase().includes('savings'),
    credit: (r) => r.type === ACCOUNT_TYPE.Credit,
    net_worth: () => true,
  };
  if (q.name !== undefined) {
    const named = rows.filter((r) => r.name.toLowerCase() === q.name?.toLowerCase());
    if (named.length === 0)
      return { response: `You have no account named "${q.name}" in Tally.`, figures: [], actions: [] };
    const total = named.reduce((n, r) => n + r.balance, 0);
    const [first] = named;
    const owed = first !== undefined && owes(first);
    return {
      response: owed
        ? `You owe ${money(Math.abs(total))} on ${first?.name}.`
        : `You have ${money(total)} in ${first?.name}.`,
      figures: [
        {
          label: first?.name ?? q.name,
          amount: owed ? Math.abs(total) : total,
          source: src(`${first?.name ?? q.name}, as the bank last reported it`),
        },
      ],
      actions: [],
    };
  }
  const chosen = rows.filter(kinds[q.accounts]);

  if (chosen.length === 0) {
    return {
      response: `You have no ${{ cash: 'cash ', checking: 'checking ', savings: 'savings ', credit: 'credit card ', net_worth: '' }[q.accounts]}accounts in Tally.`,
      figures: [],
      actions: [],
    };
  }
  const signed = (r: (typeof rows)[number]) => (owes(r) ? -Math.abs(r.balance) : r.balance);
  const total =
    q.accounts === 'credit'
      ? chosen.reduce((n, r) => n + Math.abs(r.balance), 0)
      : chosen.reduce((n, r) => n + signed(r), 0);
  const label = {
    cash: 'Cash',
    checking: 'Checking',
    savings: 'Savings',
    credit: 'Credit card balance',
    net_worth: 'Net worth',
  }[q.accounts];
  const each =
    chosen.length > 1
      ? chosen.map((r) => ({
          label: r.name,
          amount: q.accounts === 'credit' ? Math.abs(r.balance) : signed(r),
          source: src(`${r.name}, as the bank last reported it`),
        }))
      : [];
  const which = chosen.length === 1 ? ` (${chosen[0]?.name})` : '';
  const response =
    q.accounts === 'credit'
      ? `You owe ${money(total)} on your credit card${chosen.length > 1 ? 's' : ''}${which}.`
      : q.accounts === 'net_worth'
        ? `Your net worth is ${money(total)}: what your accounts hold less what your cards and loans owe.`
        : `You have ${money(total)} ${ACCOUNTS_TEXT[q.accounts]}${which}.`;
  return {
    response,
    figures: [{ label, amount: total, source: src(`${label}, as the bank last reported it`) }, ...each],
    actions: [],
  };
}

/**
 * Whether an amount fits by a day (default: today): cash now, plus the pay expected by then, less the
 * subscriptions due by then and everyday spending at the last 30 days' pace.
 */
export async function afford(
  db: Db,
  {
    userId,
    today,
    question: intent,
  }: { userId: string; today: string; question: Extract<Question, { kind: 'afford' }> },
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
