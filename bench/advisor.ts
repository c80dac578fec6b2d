/**
 * The built-in advisor: accuracy against known answers, and time per question. `npm run bench:advisor [-- options]`.
 * See BENCHMARKS.md, "Results — advisor (built-in interpreter)".
 *
 *   --runs=5        timed rounds over every question (after one warm-up round); median and p95 reported
 *   --write         replace the block between <!-- advisor:start --> and <!-- advisor:end --> in BENCHMARKS.md
 *   --verbose       print every answer, not only the misses
 *
 * One person on a fresh in-process PGlite, with the app's clock pinned to TODAY (bench/advisor-questions.ts):
 * six months of bank history generated here (seeded) and imported through the real Plaid SDK from the test
 * suite's fake Plaid server, then a budget for this month, three subscriptions and two savings goals with
 * contributions made through the API. Every question goes to POST /api/ai/query with no AI model
 * configured, so the built-in interpreter answers. Each expected figure is computed here from the generated
 * rows and the amounts sent to the API, never through the server's queries; the rule each intent's figure
 * follows is written next to its function below.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  type AdvisorAnswer,
  addDays,
  addMonths,
  CATEGORY,
  type CategoryCode,
  type Cents,
  categoryGroup,
  categoryName,
  daysBetween,
  interpretQuestion,
  isIncomeCategory,
} from '@tally/shared';
import { createRandom } from '../apps/server/src/providers/bank/demo/random';
import {
  ACCOUNTS,
  type AccountKey,
  ANNUAL,
  BUDGET,
  cents,
  GOALS,
  generateHistory,
  HISTORY_START,
  PAY,
  PERIOD,
  type Row,
  SEED,
  SUBSCRIPTIONS,
  startPerson,
} from './advisor-data';
import { type Expected, QUESTIONS, type Question, TODAY } from './advisor-questions';
import { writeResults } from './benchmarks-file';
import { call } from './lib/app';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    write: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
if (!(Number.isInteger(RUNS) && RUNS >= 1)) throw new Error('--runs must be a whole number ≥ 1');

/* ------------------------------------------------------------------------------------------------------ */
/* Expected figures, from the rows and the amounts above.                                                 */

type Figure = { label: string; cents: Cents };
/** What an answer must show: figures found by label (or in order), and for afford the verdict. */
type Truth = { figures: Figure[]; ordered?: boolean; limit?: number; verdict?: 'yes' | 'no'; dueOn?: string };

const inDays = (row: Row, from: string, to: string) => row.date >= from && row.date <= to;
const counted = (rows: Row[], from: string, to: string) =>
  rows.filter((x) => !x.isTransfer && inDays(x, from, to));
const moneyOut = (rows: Row[]) => rows.reduce((n, x) => n + Math.max(x.out, 0), 0);
const moneyIn = (rows: Row[]) => rows.reduce((n, x) => n + Math.max(-x.out, 0), 0);
/** Money out less refunds: a budget's spent, and the everyday pace the afford answer uses. */
const netOut = (rows: Row[]) => rows.reduce((n, x) => n + x.out, 0);

/**
 * Spending: money out (refunds not netted) of non-transfer rows; a merchant is the row's merchant name
 * (case aside), so "Uber" is rides and not "Uber Eats", as in the family set.
 */
function spendingTruth(rows: Row[], e: Extract<Expected, { intent: 'spending' }>): Truth {
  const needle = e.merchant?.toLowerCase();
  const matched = counted(rows, e.from, e.to).filter(
    (x) =>
      (e.category === undefined || x.code === CATEGORY[e.category]) &&
      (e.kind === undefined || x.kind === e.kind) &&
      (needle === undefined || x.merchant?.toLowerCase() === needle),
  );
  return { figures: [{ label: '', cents: moneyOut(matched) }] };
}

/** Top spending: money out by category (income categories left out) or by merchant name, largest first. */
function topTruth(rows: Row[], e: Extract<Expected, { intent: 'top_spending' }>): Truth {
  const totals = new Map<string, Cents>();
  for (const x of counted(rows, e.from, e.to)) {
    if (x.out <= 0) continue;
    const key = e.by === 'category' ? (isIncomeCategory(x.code) ? null : categoryName(x.code)) : x.merchant;
    if (key !== null) totals.set(key, (totals.get(key) ?? 0) + x.out);
  }
  const figures = [...totals]
    .map(([label, c]) => ({ label, cents: c }))
    .sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label));
  return { figures, ordered: true, limit: e.limit };
}

const budgetSpent = (rows: Row[], code: CategoryCode) =>
  netOut(counted(rows, PERIOD.startDate, PERIOD.endDate).filter((x) => x.code === code));

/** What is left: allocated less spent (money out less refunds) in the period, per category or summed. */
function budgetTruth(rows: Row[], e: Extract<Expected, { intent: 'budget_left' }>): Truth {
  const lines = BUDGET.categories.filter(
    (c) => e.category === undefined || c.category === CATEGORY[e.category],
  );
  if (lines.length === 0) return { figures: [] };
  const left = lines.reduce((n, c) => n + cents(c.allocatedAmount) - budgetSpent(rows, c.category), 0);
  const label = e.category === undefined ? 'Left' : `${categoryName(CATEGORY[e.category])} left`;
  return { figures: [{ label, cents: left }] };
}

/** A subscription's charges from its next due date on, within the days. */
function dueDates(s: (typeof SUBSCRIPTIONS)[number], from: string, to: string): string[] {
  const out: string[] = [];
  const step = s.frequency === ANNUAL ? 12 : 1;
  for (let k = 0; ; k++) {
    const day = addMonths(s.nextDueDate, k * step);
    if (day > to) return out;
    if (day >= from) out.push(day);
  }
}

/** Per month: monthly ones as they are, an annual one over twelve, to the cent. */
const monthlyCost = (s: (typeof SUBSCRIPTIONS)[number]) =>
  s.frequency === ANNUAL ? Math.round(cents(s.amount) / 12) : cents(s.amount);

function upcomingTruth(e: Extract<Expected, { intent: 'subscriptions_upcoming' }>): Truth {
  const due = SUBSCRIPTIONS.flatMap((s) => dueDates(s, e.from, e.to).map((day) => ({ s, day })));
  if (e.subscription) {
    const first = due.find((d) => d.s.name === e.subscription);
    return {
      figures: first ? [{ label: `${first.s.name},`, cents: cents(first.s.amount) }] : [],
      dueOn: first?.day,
    };
  }
  return { figures: [{ label: 'Due in all', cents: due.reduce((n, d) => n + cents(d.s.amount), 0) }] };
}

function goalTruth(e: Extract<Expected, { intent: 'goal_progress' }>): Truth {
  return {
    figures: GOALS.filter((g) => e.goal === undefined || g.name === e.goal).flatMap((g) => [
      { label: `${g.name} saved`, cents: g.contributions.reduce((n, a) => n + cents(a), 0) },
      { label: `${g.name} target`, cents: cents(g.targetAmount) },
    ]),
  };
}

const cashNow = (account?: AccountKey) =>
  ACCOUNTS.filter((a) => a.type === 'depository' && (account === undefined || a.key === account)).reduce(
    (n, a) => n + cents(a.current ?? 0),
    0,
  );

/**
 * Afford: cash now, plus the paydays after today through the day, less the subscriptions due after today
 * through it, less everyday spending (the variable categories' money out less refunds over the last 30
 * days, per day to the cent) for each day until then; yes when what is left covers the amount.
 */
function affordTruth(rows: Row[], e: Extract<Expected, { intent: 'afford' }>): Truth {
  const cash = cashNow();
  let pay = 0;
  for (let day = PAY.first; day <= e.by; day = addDays(day, PAY.every))
    if (day > TODAY) pay += cents(PAY.amount);
  const subscriptions = SUBSCRIPTIONS.reduce(
    (n, s) => n + dueDates(s, addDays(TODAY, 1), e.by).length * cents(s.amount),
    0,
  );
  const recent = counted(rows, addDays(TODAY, -29), TODAY).filter(
    (x) => categoryGroup(x.code) === 'Variable Expenses',
  );
  const perDay = Math.max(0, Math.round(netOut(recent) / 30));
  const everyday = perDay * daysBetween(TODAY, e.by);
  const left = cash + pay - subscriptions - everyday - cents(e.amount);
  return {
    figures: [
      { label: 'Cash now', cents: cash },
      { label: 'Pay expected', cents: pay },
      { label: 'Subscriptions due', cents: subscriptions },
      { label: 'Everyday spending', cents: everyday },
    ],
    verdict: left >= 0 ? 'yes' : 'no',
  };
}

function truthOf(rows: Row[], e: Expected): Truth {
  switch (e.intent) {
    case 'spending':
      return spendingTruth(rows, e);
    case 'top_spending':
      return topTruth(rows, e);
    case 'income':
      return { figures: [{ label: 'Money in', cents: moneyIn(counted(rows, e.from, e.to)) }] };
    case 'net': {
      const r = counted(rows, e.from, e.to);
      return { figures: [{ label: 'Net', cents: moneyIn(r) - moneyOut(r) }] };
    }
    case 'budget_left':
      return budgetTruth(rows, e);
    case 'subscriptions_total':
      return { figures: [{ label: '', cents: SUBSCRIPTIONS.reduce((n, s) => n + monthlyCost(s), 0) }] };
    case 'subscriptions_upcoming':
      return upcomingTruth(e);
    case 'goal_progress':
      return goalTruth(e);
    case 'balance':
      return { figures: [{ label: '', cents: cashNow(e.account) }] };
    case 'afford':
      return affordTruth(rows, e);
    case 'unknown':
      return { figures: [] };
  }
}

/* ------------------------------------------------------------------------------------------------------ */
/* Scoring.                                                                                               */

const answered = (a: AdvisorAnswer) => a.figures.map((f) => ({ label: f.label, cents: cents(f.amount) }));

/**
 * What the answer says it understood (the question structure's kind and measure) against this set's
 * older intent names: spending, income and net totals are all a flow's total.
 */
const UNDERSTOOD_AS: Record<Expected['intent'], RegExp> = {
  spending: /^flow\.total$/,
  income: /^flow\.total$/,
  net: /^flow\.total$/,
  top_spending: /^top_spending$/,
  budget_left: /^budget\./,
  subscriptions_total: /^subscriptions\./,
  subscriptions_upcoming: /^subscriptions_upcoming$/,
  goal_progress: /^goal\./,
  balance: /^balance$/,
  afford: /^afford$/,
  unknown: /^unknown$/,
};
const readAs = (understood: string, intent: Expected['intent']) => UNDERSTOOD_AS[intent].test(understood);

/**
 * Passes when the intent is the expected one and the figures the intent is judged by equal the truth to
 * the cent: an empty label means the first figure; a label ending in ',' is a prefix (a subscription's
 * due line); 'Due in all' absent means nothing is due.
 */
function judge(e: Expected, truth: Truth, answer: AdvisorAnswer): string | null {
  if (!readAs(answer.intent, e.intent)) return `read as ${answer.intent}`;
  const got = answered(answer);
  if (truth.ordered) {
    const shown = got.length;
    if (shown === 0) return 'no figures';
    if (truth.limit !== undefined && shown !== truth.limit) return `${shown} listed, ${truth.limit} asked`;
    for (let i = 0; i < shown; i++) {
      const want = truth.figures[i];
      const have = got[i];
      if (!want || !have || want.label !== have.label || want.cents !== have.cents) {
        return `#${i + 1} ${have ? `${have.label} ${money(have.cents)}` : 'missing'}, expected ${want ? `${want.label} ${money(want.cents)}` : 'nothing'}`;
      }
    }
    return null;
  }
  if (e.intent !== 'unknown' && truth.figures.length === 0) return 'no expected figure';
  for (const want of truth.figures) {
    const have =
      want.label === ''
        ? got[0]
        : got.find((f) =>
            want.label.endsWith(',') ? f.label.startsWith(want.label) : f.label === want.label,
          );
    const value = have?.cents ?? (want.label === 'Due in all' ? 0 : undefined);
    if (value !== want.cents) {
      return `${want.label || 'figure'} ${value === undefined ? 'missing' : money(value)}, expected ${money(want.cents)}`;
    }
  }
  if (truth.dueOn) {
    const line = answer.figures.find((f) => f.label.startsWith(truth.figures[0]?.label ?? '\u0000'));
    if (!line?.source.description.includes(truth.dueOn)) return `due date not ${truth.dueOn}`;
  }
  if (truth.verdict) {
    const said = /^Yes\b/.test(answer.response)
      ? 'yes'
      : /^Not comfortably\b/.test(answer.response)
        ? 'no'
        : '?';
    if (said !== truth.verdict) return `said ${said}, expected ${truth.verdict}`;
  }
  return null;
}

function money(c: Cents): string {
  return `${c < 0 ? '−' : ''}$${(Math.abs(c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The expected figure in a few words, for the table. */
function describeTruth(e: Expected, t: Truth): string {
  if (e.intent === 'unknown') return 'declines';
  if (t.ordered) {
    const shown = t.figures.slice(0, t.limit ?? 3).map((f) => `${f.label} ${money(f.cents)}`);
    return `${shown.join('; ')}${t.limit === undefined ? '; …' : ''}`;
  }
  const parts = t.figures.map((f) => `${f.label ? `${f.label.replace(/,$/, '')} ` : ''}${money(f.cents)}`);
  if (t.dueOn) parts.push(`on ${t.dueOn}`);
  if (t.verdict) parts.push(t.verdict);
  return parts.join('; ');
}

function describeAnswer(e: Expected, a: AdvisorAnswer): string {
  if (a.intent === 'unknown') return 'declined';
  const figures = a.figures
    .slice(0, e.intent === 'afford' ? 4 : 3)
    .map((f) => `${f.label} ${money(cents(f.amount))}`);
  const verdict = e.intent === 'afford' ? ` (${a.response.split('.')[0]})` : '';
  return `${a.intent}: ${figures.join('; ') || 'no figures'}${a.figures.length > 3 && e.intent !== 'afford' ? '; …' : ''}${verdict}`;
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (i - lo);
}

/* ------------------------------------------------------------------------------------------------------ */
/* The run.                                                                                               */

const started = performance.now();
const log = (message: string) => console.log(message);
const rows = generateHistory();
log(`${rows.length} rows from ${HISTORY_START} to ${TODAY}; ${QUESTIONS.length} questions`);

const person = await startPerson(rows);
const { app, auth, database } = person;

type Result = {
  question: Question;
  truth: Truth;
  answer: AdvisorAnswer;
  failure: string | null;
  ms: number[];
  interpreterMs: number;
  read: string;
};

let results: Result[] = [];
try {
  const vocabulary = await interpreterContext();
  results = QUESTIONS.map((question) => ({
    question,
    truth: truthOf(rows, question.expect),
    answer: { response: '', figures: [], actions: [], choices: [], intent: '', answeredBy: 'built-in' },
    failure: null,
    ms: [],
    interpreterMs: timeInterpreter(question.text, vocabulary),
    read: JSON.stringify(interpretQuestion(question.text, vocabulary)),
  }));
  const order = createRandom(`${SEED}-order`);
  for (let round = 0; round <= RUNS; round++) {
    // The day's allowance is counted per request; each round starts from none used.
    await database.exec('delete from ai_usage');
    const shuffled = [...results];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = order.int(0, i);
      [shuffled[i], shuffled[j]] = [shuffled[j] as Result, shuffled[i] as Result];
    }
    for (const result of shuffled) {
      const t0 = performance.now();
      const answer = await call<AdvisorAnswer>(app, auth, 'POST', '/api/ai/query', {
        query: result.question.text,
      });
      const ms = performance.now() - t0;
      if (round === 0) result.answer = answer;
      else {
        result.ms.push(ms);
        if (JSON.stringify(answer) !== JSON.stringify(result.answer))
          throw new Error(`a different answer to "${result.question.text}" in round ${round}`);
      }
    }
  }
  for (const r of results) r.failure = judge(r.question.expect, r.truth, r.answer);
} finally {
  await person.close();
}

/** The interpreter's inputs as the server gathers them: merchant names most used first, and the goals. */
async function interpreterContext() {
  const merchants = await database.query<{ name: string }>(
    'select merchant_name as name from transactions where merchant_name is not null and deleted_at is null group by merchant_name order by count(*) desc, merchant_name',
  );
  return { today: TODAY, merchants: merchants.map((m) => m.name), goals: GOALS.map((g) => g.name) };
}

/** The interpreter alone (pure, no database): the median of 50 calls after 5 warm-up calls, in milliseconds. */
function timeInterpreter(text: string, ctx: Parameters<typeof interpretQuestion>[1]): number {
  for (let i = 0; i < 5; i++) interpretQuestion(text, ctx);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    interpretQuestion(text, ctx);
    times.push(performance.now() - t0);
  }
  return median(times);
}

/* ------------------------------------------------------------------------------------------------------ */
/* The report.                                                                                            */

const seconds = (performance.now() - started) / 1000;
const inScope = results.filter((r) => r.question.expect.intent !== 'unknown');
const outOfScope = results.filter((r) => r.question.expect.intent === 'unknown');
const passed = (rs: Result[]) => rs.filter((r) => r.failure === null).length;
const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
const allMs = results.flatMap((r) => r.ms);
const fmtMs = (x: number) => x.toFixed(x < 10 ? 2 : 1);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const cpus = os.cpus();
const cell = (s: string) => s.replaceAll('|', '\\|');

const lines: string[] = [];
lines.push(
  `Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} on ${cpus[0]?.model.trim() ?? 'unknown'} ` +
    `(${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB), Node ${process.version}, ${os.type()} ${os.release()}: ` +
    `\`npm run bench:advisor\` ` +
    `(seed \`${SEED}\`, today ${TODAY}, ${rows.length} rows from ${HISTORY_START}, ${RUNS} timed rounds), ${seconds.toFixed(0)} s in all.`,
);
lines.push('');
const inPass = passed(inScope);
const outPass = passed(outOfScope);
lines.push(
  `**In scope: ${inPass} of ${inScope.length} exact (${percent(inPass, inScope.length)}; target ≥ 90 %, ` +
    `${inPass / inScope.length >= 0.9 ? 'met' : '**not met**'}). Out of scope: ${outPass} of ${outOfScope.length} declined ` +
    `(target all, ${outPass === outOfScope.length ? 'met' : '**not met**'}).**`,
);
lines.push('');
lines.push('| Intent | Questions | Exact | Read as another intent | Right intent, wrong figure |');
lines.push('|---|---:|---:|---:|---:|');
const kinds = [...new Set(results.map((r) => r.question.expect.intent))];
for (const kind of kinds) {
  const rs = results.filter((r) => r.question.expect.intent === kind);
  const wrongIntent = rs.filter((r) => !readAs(r.answer.intent, kind)).length;
  lines.push(
    `| ${kind === 'unknown' ? 'out of scope (declined)' : kind} | ${rs.length} | ${passed(rs)} | ${wrongIntent} | ${rs.length - passed(rs) - wrongIntent} |`,
  );
}
const failures = results.filter((r) => r.failure !== null);
if (failures.length > 0) {
  lines.push('');
  lines.push("Misses (expected, then answered; the interpreter's reading in the last column):");
  lines.push('');
  lines.push('| Question | Expected | Answered | Why | Read as |');
  lines.push('|---|---|---|---|---|');
  for (const r of failures) {
    lines.push(
      `| ${cell(r.question.text)} | ${cell(describeTruth(r.question.expect, r.truth))} | ${cell(describeAnswer(r.question.expect, r.answer))} | ${cell(r.failure ?? '')} | \`${cell(r.read)}\` |`,
    );
  }
}
lines.push('');
lines.push(
  `**Time per question**, POST /api/ai/query through the whole app (${RUNS} rounds × ${results.length} questions, ` +
    `shuffled each round, after a warm-up round): median ${fmtMs(median(allMs))} ms, p95 ${fmtMs(quantile(allMs, 0.95))} ms, ` +
    `slowest ${fmtMs(Math.max(...allMs))} ms. The interpreter alone: median ${fmtMs(median(results.map((r) => r.interpreterMs)) * 1000)} µs ` +
    `per question, slowest ${fmtMs(Math.max(...results.map((r) => r.interpreterMs)) * 1000)} µs.`,
);
lines.push('');
lines.push('| Intent | Median (ms) | p95 (ms) |');
lines.push('|---|---:|---:|');
for (const kind of kinds) {
  const ms = results.filter((r) => r.question.expect.intent === kind).flatMap((r) => r.ms);
  lines.push(
    `| ${kind === 'unknown' ? 'out of scope' : kind} | ${fmtMs(median(ms))} | ${fmtMs(quantile(ms, 0.95))} |`,
  );
}
lines.push('');
lines.push(
  `Load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} (1, 5, 15 min) on ${cpus.length} cores.`,
);
const markdown = lines.join('\n');

log('');
for (const r of results) {
  if (!values.verbose && r.failure === null) continue;
  log(
    `${r.failure === null ? 'ok  ' : 'MISS'} ${r.question.text}\n     expected ${describeTruth(r.question.expect, r.truth)}\n     answered ${describeAnswer(r.question.expect, r.answer)}${r.failure ? `\n     why      ${r.failure}\n     read as  ${r.read}` : ''}`,
  );
}
log('');
log('| # | Question | Expected intent | Answered | Exact | Median ms |');
log('|---:|---|---|---|---|---:|');
results.forEach((r, i) => {
  log(
    `| ${i + 1} | ${cell(r.question.text)} | ${r.question.expect.intent} | ${r.answer.intent} | ${r.failure === null ? 'yes' : 'NO'} | ${fmtMs(median(r.ms))} |`,
  );
});
log(`\n${markdown}`);

if (values.write) {
  writeResults('advisor', markdown);
  log('\nWrote BENCHMARKS.md');
}
