import {
  type AveragePeriod,
  type CategoryCode,
  categoryName,
  type DayRange,
  dayLabel,
  type FlowSubject,
  kindLabel,
  type Question,
  type QuestionFilters,
  spanLabel,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { type Draft, money, percentOf, plural, rangeText, src } from './advisor-draft';
import { extremeOver, firstTransactionDay, flowOver, flowsOver } from './ai.queries';

/**
 * Answers for money that moved: any measure of spending, income or net under any filters, over one span,
 * a series of equal periods, or two spans compared. Every figure comes from one aggregate over the days
 * (flowOver), so the structure's parts combine freely.
 */

type Flow = Awaited<ReturnType<typeof flowOver>>;

const list = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
const categoryNames = (codes: readonly CategoryCode[]) => codes.map((c) => categoryName(c));

/** "on Groceries at Whole Foods Market, leaving out Rent": what the filters keep, in words. */
const ACCOUNT_WORDS = { checking: 'from checking', savings: 'from savings', credit: 'on your credit card' };

export function filterText(f: QuestionFilters, subject: FlowSubject = 'spending'): string {
  // Money out goes on a category and at a merchant; money in comes as Salary, from Acme Corp.
  const [onCategory, atMerchant] = subject === 'income' ? ['as', 'from'] : ['on', 'at'];
  // "Over $100" is read as $100.01 and up, "under $10" as up to $9.99: said back the way it was asked.
  const min =
    f.minAmount === undefined
      ? ''
      : f.minAmount % 100 === 1
        ? `over ${money(f.minAmount - 1)}`
        : `of ${money(f.minAmount)} or more`;
  const max =
    f.maxAmount === undefined
      ? ''
      : f.maxAmount % 100 === 99
        ? `under ${money(f.maxAmount + 1)}`
        : `of ${money(f.maxAmount)} or less`;
  const sizes =
    f.minAmount !== undefined && f.maxAmount !== undefined
      ? `between ${money(f.minAmount)} and ${money(f.maxAmount)}`
      : min || max;
  const parts = [
    sizes,
    f.kinds?.length
      ? `on ${list(f.kinds.map((k) => kindLabel(k).toLowerCase())).replace(' and ', ' or ')}`
      : '',
    f.categories.length > 0 ? `${onCategory} ${list(categoryNames(f.categories))}` : '',
    f.merchants.length > 0 ? `${atMerchant} ${list(f.merchants)}` : '',
    f.excludeCategories.length + f.excludeMerchants.length > 0
      ? `leaving out ${list([...categoryNames(f.excludeCategories), ...f.excludeMerchants])}`
      : '',
    f.accountKinds?.length ? list(f.accountKinds.map((k) => ACCOUNT_WORDS[k])).replace(' and ', ' or ') : '',
    f.accounts?.length ? `on ${list(f.accounts).replace(' and ', ' or ')}` : '',
  ].filter(Boolean);
  return parts.join(' ').replace(/ leaving/, ', leaving');
}

/**
 * What a figure's link to Transactions can show for the filters: one category or merchant when the
 * filters are exactly that, the sizes, and the account when the rows counted all come from one. Filters
 * by kind of account over several accounts have no such list, so their figures carry no link.
 */
const isLinkable = (f: QuestionFilters, rows?: Pick<Flow, 'oneAccount'>) =>
  (f.kinds?.length ?? 0) <= 1 &&
  (!f.accountKinds?.length && !f.accounts?.length ? true : rows?.oneAccount === true);

function linkOf(f: QuestionFilters, rows?: Pick<Flow, 'oneAccount' | 'accountId'>) {
  const plain = f.excludeCategories.length + f.excludeMerchants.length === 0;
  const byKind = (f.accountKinds?.length ?? 0) + (f.accounts?.length ?? 0) > 0;
  const linkable = isLinkable(f, rows);
  return {
    category: linkable && plain && f.categories.length === 1 ? (f.categories[0] ?? null) : null,
    kind: linkable && (f.kinds?.length ?? 0) === 1 ? (f.kinds?.[0] ?? null) : null,
    merchant: linkable && plain && f.merchants.length === 1 ? (f.merchants[0] ?? null) : null,
    accountId: linkable && byKind ? (rows?.accountId ?? null) : null,
    minAmount: linkable ? (f.minAmount ?? null) : null,
    maxAmount: linkable ? (f.maxAmount ?? null) : null,
  };
}

const totalOf = (subject: FlowSubject, t: Flow) =>
  subject === 'spending' ? t.out : subject === 'income' ? t.in : t.in - t.out;
const countOf = (subject: FlowSubject, t: Flow) => (subject === 'income' ? t.inCount : t.outCount);

const SUBJECT_LABEL: Record<FlowSubject, string> = { spending: 'Spent', income: 'Money in', net: 'Net' };
const capital = (s: string) => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`;

/** The words for a subject's total: "You spent $40.00 on Groceries", "$3,200.00 came in". */
function totalSentence(
  subject: Exclude<FlowSubject, 'net'>,
  amount: number,
  filters: string,
  when: string,
): string {
  const scope = filters ? ` ${filters}` : '';
  if (subject === 'spending') return `You spent ${money(amount)}${scope || ' in all'} ${when}`;
  return `${money(amount)} came in${scope} ${when}`;
}

export async function flowAnswer(
  db: Db,
  {
    userId,
    today,
    question: q,
  }: { userId: string; today: string; question: Extract<Question, { kind: 'flow' }> },
): Promise<Draft> {
  const { range, subject, filters } = q;
  const t = await flowOver(db, { userId, from: range.startDate, to: range.endDate, filters });
  const when = rangeText(range);
  const scope = filterText(filters, subject);
  const link = linkOf(filters, t);
  const count = countOf(subject, t);
  const base = {
    startDate: range.startDate,
    endDate: range.endDate,
    ...link,
    transactionCount: isLinkable(filters, t) ? t.count : null,
  };
  const [what, made] = subject === 'income' ? ['payment', 'got'] : ['purchase', 'made'];
  const figure = (label: string, amount: number, description = `${label}, ${when}`) => ({
    label,
    amount,
    source: src(description, base),
  });
  const total = totalOf(subject, t);
  const totalFigure = figure(`${SUBJECT_LABEL[subject]}${scope ? ` ${scope}` : ''}`, total);
  const scoped = scope ? ` ${scope}` : '';

  switch (q.measure) {
    case 'total': {
      if (subject === 'net') {
        const verdict =
          total >= 0
            ? `you kept ${money(total)}: more came in than went out.`
            : `you spent ${money(-total)} more than came in.`;
        return {
          response: `${capital(when)}: ${money(t.in)} came in and ${money(t.out)} went out${scoped}, so ${verdict}`,
          figures: [figure('Money in', t.in), figure('Money out', t.out), figure('Net', total)],
          actions: [],
        };
      }
      if (count === 0)
        return {
          response: `I found no ${subject === 'income' ? 'money coming in' : 'spending'}${scoped} ${when}.`,
          figures: [totalFigure],
          actions: [],
        };
      return {
        response: `${totalSentence(subject, total, scope, when)}, across ${plural(t.count, 'transaction')}.${
          subject === 'income' ? ' Transfers between your accounts are left out.' : ''
        }`,
        figures: [totalFigure],
        actions: [],
      };
    }
    case 'count': {
      const [noun, verb] = subject === 'income' ? ['payment', 'got'] : ['purchase', 'made'];
      return {
        response:
          count === 0
            ? `You ${verb} no ${noun}s${scoped} ${when}.`
            : `You ${verb} ${plural(count, noun)}${scoped} ${when}, ${money(subject === 'income' ? t.in : t.out)} in all.`,
        figures: [figure(`${capital(plural(count, noun))}`, subject === 'income' ? t.in : t.out)],
        actions: [],
      };
    }
    case 'per_item': {
      const sum = subject === 'income' ? t.in : t.out;
      if (count === 0)
        return { response: `You ${made} no ${what}s${scoped} ${when}.`, figures: [], actions: [] };
      const each = Math.round(sum / count);
      return {
        response: `Your ${plural(count, what)}${scoped} ${when} came to ${money(each)} each on average (${money(sum)} in all).`,
        figures: [
          figure(`Average ${what}`, each),
          figure(subject === 'income' ? 'Came in, in all' : 'Spent in all', sum),
        ],
        actions: [],
      };
    }
    case 'largest':
    case 'smallest': {
      const direction = subject === 'income' ? 'in' : 'out';
      const row = await extremeOver(db, {
        userId,
        from: range.startDate,
        to: range.endDate,
        filters,
        direction,
        largest: q.measure === 'largest',
      });
      if (!row) return { response: `You ${made} no ${what}s${scoped} ${when}.`, figures: [], actions: [] };
      const amount = Math.abs(row.amount);
      const at = row.merchant ?? row.description;
      return {
        response: `Your ${q.measure} ${what}${scoped} ${when} was ${money(amount)} at ${at} on ${dayLabel(row.date, today)}.`,
        figures: [
          {
            label: `${capital(q.measure)} ${what}`,
            amount,
            source: src(`${at}, ${row.date}`, {
              startDate: row.date,
              endDate: row.date,
              merchant: row.merchant,
            }),
          },
        ],
        actions: [],
      };
    }
    case 'share': {
      const [part, whole, noun] =
        subject === 'income'
          ? [t.in, t.allIn, 'income']
          : q.of === 'income'
            ? [t.out, t.allIn, 'income']
            : [t.out, t.allOut, 'spending'];
      const pct = percentOf(part, whole);
      if (pct === null) return { response: `I found no ${noun} ${when}.`, figures: [], actions: [] };
      const what = subject === 'income' ? 'Money in' : 'Spending';
      return {
        response: `${what}${scoped} was ${pct}% of your ${noun} ${when}: ${money(part)} of ${money(whole)}.`,
        figures: [
          figure(`${SUBJECT_LABEL[subject]}${scoped}`, part),
          {
            label: `All ${noun}`,
            amount: whole,
            source: src(`All ${noun}, ${when}`, { startDate: range.startDate, endDate: range.endDate }),
          },
        ],
        actions: [],
      };
    }
    case 'savings_rate': {
      const net = t.allIn - t.allOut;
      const pct = percentOf(net, t.allIn);
      const days = { startDate: range.startDate, endDate: range.endDate };
      const figures = [
        { label: 'Money in', amount: t.allIn, source: src(`Money in, ${when}`, days) },
        { label: 'Money out', amount: t.allOut, source: src(`Money out, ${when}`, days) },
        { label: 'Kept', amount: net, source: src(`Money in less money out, ${when}`, days) },
      ];
      if (pct === null)
        return {
          response: `Nothing came in ${when}, so there is no savings rate to give.`,
          figures,
          actions: [],
        };
      return {
        response:
          net >= 0
            ? `Your savings rate ${when} was ${pct}%: of ${money(t.allIn)} that came in you kept ${money(net)}.`
            : `Your savings rate ${when} was ${pct}%: you spent ${money(-net)} more than the ${money(t.allIn)} that came in.`,
        figures,
        actions: [],
      };
    }
  }
}

/**
 * "How many times a week do I go to Starbucks": the purchases (or payments in) over the periods ÷ their
 * number, to one decimal, in the words; each period's money is the figures (a figure is money).
 */
function averageCount(
  q: Extract<Question, { kind: 'average' }>,
  flows: readonly Flow[],
  totals: readonly number[],
): Draft {
  const counts = flows.map((f) => countOf(q.subject, f));
  const all = counts.reduce((n, x) => n + x, 0);
  const average = Math.round((10 * all) / q.periods.length) / 10;
  const span = seriesText(q.periods, q.per);
  const scope = filterText(q.filters, q.subject);
  const link = linkOf(q.filters);
  const [noun, verb] = q.subject === 'income' ? ['payment', 'got'] : ['purchase', 'made'];
  return {
    response: `You ${verb} ${average} ${noun}${average === 1 ? '' : 's'} a ${q.per} on average${scope ? ` ${scope}` : ''} over ${rangeText(span)}, ${plural(all, noun)} in all.`,
    figures: periodFigures(q, totals, link, (p, i) => `${p.label}: ${plural(counts[i] ?? 0, noun)}`),
    actions: [],
  };
}

/** Each period's own money as a figure (a month's or a week's helps; thirty days' would drown the answer). */
function periodFigures(
  q: Extract<Question, { kind: 'average' }>,
  totals: readonly number[],
  link: ReturnType<typeof linkOf>,
  label: (p: DayRange, i: number) => string = (p) => p.label,
) {
  return (q.per === 'day' ? [] : q.periods).map((p, i) => ({
    label: label(p, i),
    amount: totals[i] ?? 0,
    source: src(`${SUBJECT_LABEL[q.subject]}, ${rangeText(p)}`, {
      startDate: p.startDate,
      endDate: p.endDate,
      ...link,
    }),
  }));
}

/** "the last 3 months (Aug 1 – Oct 31, 2026)": the periods of a series as one span. */
function seriesText(periods: readonly DayRange[], per: AveragePeriod): DayRange {
  const first = periods[0] as DayRange;
  const last = periods.at(-1) as DayRange;
  const n = periods.length;
  return {
    startDate: first.startDate,
    endDate: last.endDate,
    label: n === 1 ? first.label : `the ${n} ${per}s`,
  };
}

export async function averageAnswer(
  db: Db,
  { userId, question: q }: { userId: string; question: Extract<Question, { kind: 'average' }> },
): Promise<Draft> {
  const flows = await flowsOver(db, {
    userId,
    periods: q.periods.map((p) => ({ from: p.startDate, to: p.endDate })),
    filters: q.filters,
  });
  const totals = flows.map((f) => totalOf(q.subject, f));
  const sum = totals.reduce((n, x) => n + x, 0);
  if (q.measure === 'count') return averageCount(q, flows, totals);
  const average = Math.round(sum / q.periods.length);
  const span = seriesText(q.periods, q.per);
  const scope = filterText(q.filters, q.subject);
  const link = linkOf(q.filters);
  const verb = q.subject === 'spending' ? 'You spent' : q.subject === 'income' ? 'You took in' : 'You kept';
  return {
    response: `${verb} ${money(average)} a ${q.per} on average${scope ? ` ${scope}` : ''} over ${rangeText(span)}, ${money(sum)} in all.`,
    figures: [
      {
        label: `Average a ${q.per}`,
        amount: average,
        source: src(
          `${SUBJECT_LABEL[q.subject]} over ${plural(q.periods.length, q.per)} ÷ ${q.periods.length}`,
          {
            startDate: span.startDate,
            endDate: span.endDate,
            ...link,
          },
        ),
      },
      ...periodFigures(q, totals, link),
    ],
    actions: [],
  };
}

/** The answer's first word: yes or no to "more?" or "less?", else which way it moved. */
function verdict(asks: Extract<Question, { kind: 'compare' }>['asks'], a: number, b: number): string {
  if (asks === 'change') return a > b ? 'Up' : a < b ? 'Down' : 'No change';
  return (asks === 'more' ? a > b : a < b) ? 'Yes' : 'No';
}

export async function compareAnswer(
  db: Db,
  { userId, question: q }: { userId: string; question: Extract<Question, { kind: 'compare' }> },
): Promise<Draft> {
  const [[ta, tb], first] = await Promise.all([
    Promise.all(
      [q.a, q.b].map((r) => flowOver(db, { userId, from: r.startDate, to: r.endDate, filters: q.filters })),
    ),
    firstTransactionDay(db, { userId }),
  ]);
  // Days before the history in Tally began are not days of no spending: nothing to set against them.
  const before = first === null ? undefined : [q.a, q.b].find((r) => r.endDate < first);
  if (before && first !== null) {
    const [from] = spanLabel(first, first).split(' – ');
    return {
      response: `Your history in Tally starts on ${from}, so there is nothing ${rangeText(before)} to compare with.`,
      figures: [],
      actions: [],
    };
  }
  const a = totalOf(q.subject, ta as Flow);
  const b = totalOf(q.subject, tb as Flow);
  const scope = filterText(q.filters, q.subject);
  const scoped = scope ? ` ${scope}` : '';
  const link = linkOf(q.filters);
  const diff = Math.abs(a - b);
  const noun = q.subject === 'spending' ? 'spent' : q.subject === 'income' ? 'took in' : 'kept';
  const how = a === b ? 'the same' : `${money(diff)} ${a > b ? 'more' : 'less'}`;
  const figureOf = (r: DayRange, amount: number) => ({
    label: `${SUBJECT_LABEL[q.subject]}, ${r.label}`,
    amount,
    source: src(`${SUBJECT_LABEL[q.subject]}${scoped}, ${rangeText(r)}`, {
      startDate: r.startDate,
      endDate: r.endDate,
      ...link,
    }),
  });
  return {
    response: `${verdict(q.asks, a, b)}. You ${noun} ${money(a)}${scoped} ${rangeText(q.a)}, against ${money(b)} ${rangeText(q.b)}: ${how}.`,
    figures: [figureOf(q.a, a), figureOf(q.b, b)],
    actions: [],
  };
}
