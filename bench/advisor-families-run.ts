/**
 * The advisor against the family question set: `npm run bench:advisor:families [-- options]`.
 * See BENCHMARKS.md, "Results — advisor (built-in interpreter)", "Question families".
 *
 *   --verbose       print every question's expected figures and answer, not only the misses
 *   --quiet         print only the tables
 *   --write         replace the block between <!-- advisor-families:start --> and <!-- advisor-families:end -->
 *                   in BENCHMARKS.md
 *
 * The same person as `npm run bench:advisor` (bench/advisor-data.ts) on a fresh in-process PGlite; every
 * question of bench/advisor-families.ts goes once to POST /api/ai/query with no AI model configured. The
 * expected figures are computed here from the generated rows and the amounts sent to the API (the oracle,
 * below), never through the server's queries.
 *
 * Judging: an answer is exact when every expected figure appears among the answer's figures — money to the
 * cent (figures are dollars on the wire), a count as a figure of that amount or the number in the words,
 * a percent as a figure within 0.05 of it or written in the words to one decimal or whole ("41.3%", "41%")
 * — and, for a comparison, the answer's first word is the expected yes or no. An answer read as 'unknown'
 * is declined. An answer that claims to answer but misses an expected figure is a wrong figure when one
 * of its figures matches no expected figure, else another miss (no figure, only some of the expected
 * ones, or the wrong yes/no). Advice is exact
 * when answered (not declined) with at least one figure; out-of-scope questions are exact when declined.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type AdvisorAnswer, CATEGORY, type Cents } from '@tally/shared';
import {
  ACCOUNTS,
  ANNUAL,
  BUDGET,
  cents,
  GOALS,
  generateHistory,
  HISTORY_START,
  PERIOD,
  type Row,
  SEED,
  SUBSCRIPTIONS,
  startPerson,
} from './advisor-data';
import {
  type Expect,
  FAMILY_ORDER,
  FAMILY_QUESTIONS,
  type FamilyQuestion,
  type Filters,
  type Half,
  type Range,
} from './advisor-families';
import { TODAY } from './advisor-questions';
import { writeResults } from './benchmarks-file';
import { call } from './lib/app';

const { values } = parseArgs({
  options: {
    verbose: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});

/* ------------------------------------------------------------------------------------------------------ */
/* The oracle.                                                                                            */

type Want = { unit: 'money' | 'count' | 'percent'; value: number; what: string };
type Truth = { wants: Want[]; verdict?: 'yes' | 'no'; kind: 'figures' | 'advice' | 'decline' };

const money = (what: string, value: Cents): Want => ({ unit: 'money', value, what });
const percent = (what: string, part: number, whole: number): Want => ({
  unit: 'percent',
  value: whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10,
  what,
});

const inRange = (x: Row, r: Range) => x.date >= r.from && x.date <= r.to;
const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/** Non-transfer rows in the days, by the filters. */
function matching(rows: Row[], r: Range, f: Filters = {}): Row[] {
  return rows.filter(
    (x) =>
      !x.isTransfer &&
      inRange(x, r) &&
      (f.category === undefined || x.code === CATEGORY[f.category]) &&
      (f.kind === undefined || x.kind === f.kind) &&
      (f.merchant === undefined || same(x.merchant, f.merchant)) &&
      !(f.excludeCategory ?? []).some((c) => x.code === CATEGORY[c]) &&
      (f.excludeMerchant === undefined || !same(x.merchant, f.excludeMerchant)),
  );
}
/** Purchases: money out (refunds and money in are not purchases). */
const purchases = (rows: Row[], r: Range, f?: Filters) => matching(rows, r, f).filter((x) => x.out > 0);
const spent = (rows: Row[], r: Range, f?: Filters) => purchases(rows, r, f).reduce((n, x) => n + x.out, 0);
const earned = (rows: Row[], r: Range) => matching(rows, r).reduce((n, x) => n + Math.max(-x.out, 0), 0);
const net = (rows: Row[], r: Range) => earned(rows, r) - spent(rows, r);

function total(rows: Row[], subject: Expect['subject'], r: Range, f?: Filters): Cents {
  if (subject === 'income') return earned(rows, r);
  if (subject === 'net') return net(rows, r);
  return spent(rows, r, f);
}

const isRange = (t: Expect['time']): t is Range => t !== undefined && 'from' in t;

const yearly = (s: (typeof SUBSCRIPTIONS)[number]) =>
  s.frequency === ANNUAL ? cents(s.amount) : 12 * cents(s.amount);
const monthly = (s: (typeof SUBSCRIPTIONS)[number]) =>
  s.frequency === ANNUAL ? Math.round(cents(s.amount) / 12) : cents(s.amount);

/** A budget category's used: money out less refunds in the current period. */
const budgetUsed = (rows: Row[], code: number) =>
  matching(rows, { from: PERIOD.startDate, to: PERIOD.endDate })
    .filter((x) => x.code === code)
    .reduce((n, x) => n + x.out, 0);

const goalSaved = (g: (typeof GOALS)[number]) => g.contributions.reduce((n, a) => n + cents(a), 0);

function truthOf(rows: Row[], e: Expect): Truth {
  const f = e.filters ?? {};
  const figures = (...wants: Want[]): Truth => ({ kind: 'figures', wants });
  const t = e.time;
  switch (e.measure) {
    case 'advice':
      return { kind: 'advice', wants: [] };
    case 'decline':
      return { kind: 'decline', wants: [] };
    case 'total':
      if (!isRange(t)) throw new Error('a total needs days');
      return figures(money(e.subject, total(rows, e.subject, t, f)));
    case 'count':
      if (!isRange(t)) throw new Error('a count needs days');
      return figures({ unit: 'count', value: purchases(rows, t, f).length, what: 'purchases' });
    case 'per_purchase': {
      if (!isRange(t)) throw new Error('a per-purchase average needs days');
      const n = purchases(rows, t, f).length;
      return figures(money('per purchase', n === 0 ? 0 : Math.round(spent(rows, t, f) / n)));
    }
    case 'average': {
      if (!(t && 'series' in t)) throw new Error('an average needs a series');
      const sum = t.series.reduce((n, r) => n + total(rows, e.subject, r, f), 0);
      return figures(money(`a ${t.per}`, Math.round(sum / t.series.length)));
    }
    case 'largest':
    case 'smallest': {
      if (!isRange(t)) throw new Error('an extreme needs days');
      const outs = purchases(rows, t, f).map((x) => x.out);
      if (outs.length === 0) throw new Error('an extreme of no purchases');
      return figures(money(e.measure, e.measure === 'largest' ? Math.max(...outs) : Math.min(...outs)));
    }
    case 'share':
      if (!isRange(t)) throw new Error('a share needs days');
      return figures(percent('share', spent(rows, t, f), spent(rows, t)));
    case 'compare': {
      if (!(t && 'a' in t)) throw new Error('a comparison needs two periods');
      const a = total(rows, e.subject, t.a, f);
      const b = total(rows, e.subject, t.b, f);
      const yes = e.asks === 'less' ? a < b : a > b;
      return { kind: 'figures', wants: [money('a', a), money('b', b)], verdict: yes ? 'yes' : 'no' };
    }
    case 'rate':
      if (!isRange(t)) throw new Error('a rate needs days');
      return figures(percent('savings rate', net(rows, t), earned(rows, t)));
    case 'level':
      return levelTruth(rows, e, f);
  }
}

function levelTruth(rows: Row[], e: Expect, f: Filters): Truth {
  const figures = (...wants: Want[]): Truth => ({ kind: 'figures', wants });
  const balance = (key: string) => cents(ACCOUNTS.find((a) => a.key === key)?.current ?? 0);
  const subs = SUBSCRIPTIONS.filter((s) => f.subscription === undefined || s.name === f.subscription);
  const lines = BUDGET.categories.filter(
    (c) => f.category === undefined || c.category === CATEGORY[f.category],
  );
  const allocated = lines.reduce((n, c) => n + cents(c.allocatedAmount), 0);
  const used = lines.reduce((n, c) => n + budgetUsed(rows, c.category), 0);
  const goals = GOALS.filter((g) => f.goal === undefined || g.name === f.goal);
  const saved = goals.reduce((n, g) => n + goalSaved(g), 0);
  const target = goals.reduce((n, g) => n + cents(g.targetAmount), 0);
  switch (e.subject) {
    case 'balance': {
      const cash = balance('checking') + balance('savings');
      if (f.account === 'cash') return figures(money('cash', cash));
      if (f.account === 'net_worth') return figures(money('net worth', cash - balance('credit')));
      return figures(money(f.account ?? '', balance(f.account ?? '')));
    }
    case 'subscription_month':
      return figures(
        money(
          'a month',
          subs.reduce((n, s) => n + monthly(s), 0),
        ),
      );
    case 'subscription_year':
      return figures(
        money(
          'a year',
          subs.reduce((n, s) => n + yearly(s), 0),
        ),
      );
    case 'subscriptions_active':
      return figures({ unit: 'count', value: SUBSCRIPTIONS.length, what: 'subscriptions' });
    case 'budget_allocated':
      return figures(money('allocated', allocated));
    case 'budget_used':
      return figures(money('used', used));
    case 'budget_left':
      return figures(money('left', allocated - used));
    case 'budget_used_percent':
      return figures(percent('used', used, allocated));
    case 'goal_saved':
      return figures(money('saved', saved));
    case 'goal_needed':
      return figures(money('still needed', target - saved));
    case 'goal_progress':
      return figures(percent('progress', saved, target));
    default:
      throw new Error(`no level of ${e.subject}`);
  }
}

/* ------------------------------------------------------------------------------------------------------ */
/* The judge.                                                                                             */

type Outcome = 'exact' | 'declined' | 'wrong figure' | 'other miss';

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether one of the answer's figures (dollars) is the wanted figure. */
function figureIs(want: Want, amount: number): boolean {
  if (want.unit === 'money') return cents(amount) === want.value;
  if (want.unit === 'count') return amount === want.value;
  return Math.abs(amount - want.value) <= 0.05 + 1e-9;
}

function shows(want: Want, answer: AdvisorAnswer): boolean {
  if (answer.figures.some((f) => figureIs(want, f.amount))) return true;
  const words = answer.response;
  switch (want.unit) {
    case 'money':
      return false;
    case 'count':
      return new RegExp(`(?<![$\\d.,])${want.value}(?![\\d]|[.,]\\d)`).test(words);
    case 'percent':
      return [want.value.toFixed(1), want.value.toFixed(0)].some((p) =>
        new RegExp(`(?<![\\d.])${literal(p)}\\s?%`).test(words),
      );
  }
}

function judge(truth: Truth, answer: AdvisorAnswer): { outcome: Outcome; why: string } {
  const declined = answer.intent === 'unknown';
  if (truth.kind === 'decline')
    return declined ? { outcome: 'exact', why: '' } : { outcome: 'other miss', why: 'answered' };
  if (declined) return { outcome: 'declined', why: 'declined' };
  if (truth.kind === 'advice')
    return answer.figures.length > 0
      ? { outcome: 'exact', why: '' }
      : { outcome: 'other miss', why: 'no figure' };
  const missing = truth.wants.filter((w) => !shows(w, answer));
  if (missing.length > 0) {
    const why = `missing ${missing.map(describeWant).join(', ')}`;
    const stray = answer.figures.some((f) => !truth.wants.some((w) => figureIs(w, f.amount)));
    return stray ? { outcome: 'wrong figure', why } : { outcome: 'other miss', why: `${why} (incomplete)` };
  }
  if (truth.verdict) {
    const said = /^\s*(yes|no)\b/i.exec(answer.response)?.[1]?.toLowerCase();
    if (said !== truth.verdict)
      return { outcome: 'other miss', why: `said ${said ?? '?'}, expected ${truth.verdict}` };
  }
  return { outcome: 'exact', why: '' };
}

function describeWant(w: Want): string {
  if (w.unit === 'money')
    return `${w.what} ${w.value < 0 ? '−' : ''}$${(Math.abs(w.value) / 100).toFixed(2)}`;
  if (w.unit === 'count') return `${w.value} ${w.what}`;
  return `${w.what} ${w.value.toFixed(1)} %`;
}

function describeTruth(t: Truth): string {
  if (t.kind === 'decline') return 'declines';
  if (t.kind === 'advice') return 'a grounded suggestion with a figure';
  return `${t.wants.map(describeWant).join('; ')}${t.verdict ? `; ${t.verdict}` : ''}`;
}

function describeAnswer(a: AdvisorAnswer): string {
  if (a.intent === 'unknown') return 'declined';
  const shown = a.figures.slice(0, 4).map((f) => `${f.label} $${f.amount.toFixed(2)}`);
  return `${a.intent}: ${shown.join('; ') || 'no figures'}${a.figures.length > 4 ? '; …' : ''} — "${a.response.slice(0, 90)}"`;
}

/* ------------------------------------------------------------------------------------------------------ */
/* The run.                                                                                               */

const started = performance.now();
const rows = generateHistory();
const truths = FAMILY_QUESTIONS.map((q) => truthOf(rows, q.expect));
console.log(
  `${rows.length} rows from ${HISTORY_START} to ${TODAY}; ${FAMILY_QUESTIONS.length} questions in ${FAMILY_ORDER.length} families`,
);

type Result = {
  question: FamilyQuestion;
  truth: Truth;
  answer: AdvisorAnswer;
  outcome: Outcome;
  why: string;
};
const results: Result[] = [];
const person = await startPerson(rows);
try {
  for (const [i, question] of FAMILY_QUESTIONS.entries()) {
    // The day's allowance is counted per request; keep well inside it.
    if (i % 200 === 0) await person.database.exec('delete from ai_usage');
    const answer = await call<AdvisorAnswer>(person.app, person.auth, 'POST', '/api/ai/query', {
      query: question.text,
    });
    const truth = truths[i] as Truth;
    results.push({ question, truth, answer, ...judge(truth, answer) });
  }
} finally {
  await person.close();
}

/* ------------------------------------------------------------------------------------------------------ */
/* The report.                                                                                            */

const OUTCOMES: Outcome[] = ['exact', 'declined', 'wrong figure', 'other miss'];
const tally = (rs: Result[]) => OUTCOMES.map((o) => rs.filter((r) => r.outcome === o).length);
const pct = (n: number, of: number) => (of === 0 ? '–' : `${Math.round((100 * n) / of)} %`);
const cellsOf = (rs: Result[]) => {
  const [exact = 0, declined = 0, wrong = 0, other = 0] = tally(rs);
  return `${rs.length} | ${exact} (${pct(exact, rs.length)}) | ${declined} | ${wrong} | ${other}`;
};
const half = (rs: Result[], h: Half) => rs.filter((r) => r.question.half === h);

if (!values.quiet) {
  for (const r of results) {
    if (!values.verbose && r.outcome === 'exact') continue;
    console.log(
      `${r.outcome === 'exact' ? 'ok  ' : 'MISS'} [${r.question.family}, ${r.question.half}] ${r.question.text}\n     expected ${describeTruth(r.truth)}\n     answered ${describeAnswer(r.answer)}${r.why ? `\n     why      ${r.why}` : ''}`,
    );
  }
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const cpus = os.cpus();
const lines: string[] = [];
lines.push(
  `Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} on ${cpus[0]?.model.trim() ?? 'unknown'} ` +
    `(${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB), Node ${process.version}, ${os.type()} ${os.release()}: ` +
    `\`npm run bench:advisor:families\` (seed \`${SEED}\`, today ${TODAY}, ${rows.length} rows), ` +
    `${FAMILY_QUESTIONS.length} questions in ${FAMILY_ORDER.length} families, each asked once, ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s in all.`,
);
lines.push('');
lines.push(
  '| Family | Tune | Exact | Declined | Wrong figure | Other miss | Held | Exact | Declined | Wrong figure | Other miss |',
);
lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const family of FAMILY_ORDER) {
  const rs = results.filter((r) => r.question.family === family);
  lines.push(`| ${family} | ${cellsOf(half(rs, 'tune'))} | ${cellsOf(half(rs, 'held'))} |`);
}
const inScope = results.filter((r) => r.question.family !== 'out of scope');
lines.push(`| **in scope (1–13)** | ${cellsOf(half(inScope, 'tune'))} | ${cellsOf(half(inScope, 'held'))} |`);
lines.push(`| **all** | ${cellsOf(half(results, 'tune'))} | ${cellsOf(half(results, 'held'))} |`);
console.log(`\n${lines.join('\n')}`);
const markdown = lines.join('\n');

if (values.write) {
  writeResults('advisor-families', markdown);
  console.log('\nWrote BENCHMARKS.md');
}
