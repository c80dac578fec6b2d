import type { CategoryKey } from '@tally/shared';
import type { AccountKey, Kind } from './advisor-data';
import { TODAY } from './advisor-questions';

/**
 * The advisor's family question set (`npm run bench:advisor:families`): what a composable question model
 * (a measure of a subject under filters over time) has to answer, in 14 families, each meaning asked in
 * several ways as different people type them. The expectations are this bench's own structure, not the
 * product's; bench/advisor-families-run.ts computes every figure from the generated person
 * (bench/advisor-data.ts) and judges the answers.
 *
 * Dates are read against TODAY (Thursday 2026-11-26) with the readings of bench/advisor-questions.ts
 * (weeks Sunday–Saturday, so "last week" is Nov 15–21; "this month" and "this year" run to today; a
 * named month is the whole month; "the summer" is June–August), and these more:
 *
 * - "on average a month over the last N months" means the last N complete calendar months (the last 3:
 *   August, September, October), the total over them divided by N, to the cent; "a week on average over
 *   the last N weeks" the last N complete Sunday–Saturday weeks (the last 4: Oct 25 – Nov 21). An average
 *   month without a number ("what do I usually spend in a month") means every complete month of the
 *   history, June to October. "Per trip" or "per purchase" is the total divided by the count of purchases.
 * - "this month than last" compares this month so far (Nov 1–26) with the whole of October; two named
 *   months compare whole months.
 * - Spending is money out of non-transfer rows, refunds not netted (as in the 85-question set); a count is
 *   the number of such purchases (refunds and transfers are not purchases; pending ones are). "Not counting
 *   transfers" therefore changes nothing. A merchant is the row's merchant name (Uber is rides, not Uber
 *   Eats), a category ours. Largest and smallest are single purchases.
 * - A share is the part's spending over all spending in the same days, in percent to one decimal; a savings
 *   rate is net (money in less money out) over money in, in percent to one decimal; income is every amount
 *   in of non-transfer rows (as in the 85-question set).
 * - Balances are the bank's current balances; "cash" is checking and savings; "net worth" is cash less
 *   what the credit card owes (the only accounts Tally knows).
 * - Subscriptions are the three tracked ones; a monthly cost of a yearly one is its price over twelve to the
 *   cent, a yearly cost of a monthly one its price times twelve; the yearly total sums each one's year.
 * - Budget figures are the current period (November): used is money out less refunds in the category, in
 *   percent of its allocation to one decimal; left is allocation less used; the total allocated sums the
 *   categories.
 * - Goals: saved is the contributions, still needed the target less saved, progress saved over target in
 *   percent to one decimal.
 */

export type Family =
  | 'totals'
  | 'counts'
  | 'averages'
  | 'shares'
  | 'extremes'
  | 'comparisons'
  | 'exclusions'
  | 'cash flow'
  | 'balances'
  | 'subscriptions'
  | 'budget'
  | 'goals'
  | 'advice'
  | 'out of scope';

export type Range = { from: string; to: string };

export type Filters = {
  category?: CategoryKey;
  /** The row's merchant name, case-insensitive. */
  merchant?: string;
  /** The kind of purchase, narrower than a category. */
  kind?: Kind;
  excludeCategory?: CategoryKey[];
  excludeMerchant?: string;
  account?: AccountKey | 'cash' | 'net_worth';
  subscription?: string;
  goal?: string;
};

export type Time =
  | Range
  /** Equal periods; the figure is the total over them divided by their number. */
  | { series: readonly Range[]; per: 'month' | 'week' }
  /** The question asks whether a is more (or less) than b. */
  | { a: Range; b: Range };

export type Measure =
  | 'total'
  | 'count'
  | 'average'
  /** The total divided by the number of purchases. */
  | 'per_purchase'
  | 'largest'
  | 'smallest'
  | 'share'
  | 'compare'
  | 'rate'
  | 'level'
  | 'advice'
  | 'decline';

export type Subject =
  | 'spending'
  | 'income'
  | 'net'
  | 'savings_rate'
  | 'balance'
  | 'subscription_month'
  | 'subscription_year'
  | 'subscriptions_active'
  | 'budget_used_percent'
  | 'budget_used'
  | 'budget_allocated'
  | 'budget_left'
  | 'goal_saved'
  | 'goal_needed'
  | 'goal_progress'
  | 'none';

export type Expect = {
  measure: Measure;
  subject: Subject;
  filters?: Filters;
  time?: Time;
  /** For a comparison: the question asks whether a is more, or less, than b. */
  asks?: 'more' | 'less';
};

export type Half = 'tune' | 'held';
export type FamilyQuestion = { text: string; family: Family; half: Half; expect: Expect };

/* ------------------------------------------------------------------------------------------------------ */
/* Days.                                                                                                  */

const month = (m: number): Range => {
  const from = `2026-${String(m).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(2026, m, 0)).getUTCDate();
  return { from, to: `2026-${String(m).padStart(2, '0')}-${last}` };
};
const THIS_MONTH = { from: '2026-11-01', to: TODAY };
const LAST_MONTH = month(10);
const SEPTEMBER = month(9);
const THIS_YEAR = { from: '2026-01-01', to: TODAY };
const LAST_WEEK = { from: '2026-11-15', to: '2026-11-21' };
const Q3 = { from: '2026-07-01', to: '2026-09-30' };
const LAST_3_MONTHS = { series: [month(8), month(9), month(10)], per: 'month' } as const;
const COMPLETE_MONTHS = {
  series: [month(6), month(7), month(8), month(9), month(10)],
  per: 'month',
} as const;
const LAST_4_WEEKS = {
  series: [
    { from: '2026-10-25', to: '2026-10-31' },
    { from: '2026-11-01', to: '2026-11-07' },
    { from: '2026-11-08', to: '2026-11-14' },
    { from: '2026-11-15', to: '2026-11-21' },
  ],
  per: 'week',
} as const;

/* ------------------------------------------------------------------------------------------------------ */
/* The questions: each meaning with its paraphrases; halves alternate through a family's paraphrases.     */

const spend = (filters: Filters, time: Time, measure: Measure = 'total'): Expect => ({
  measure,
  subject: 'spending',
  filters,
  time,
});
const level = (subject: Subject, filters: Filters = {}): Expect => ({ measure: 'level', subject, filters });

const FAMILIES: [Family, [Expect, string[]][]][] = [
  [
    'totals',
    [
      [
        spend({ category: 'Groceries' }, LAST_MONTH),
        [
          'how much did i spend on groceries in october',
          'grocery total last month?',
          'hey tally whats my grocery spend for last month',
          'What did groceries come to in Oct',
        ],
      ],
      [
        spend({ category: 'DiningOut' }, THIS_MONTH),
        [
          'eating out so far this month',
          'how much have i blown on restaurants this month lol',
          'dining spend november',
          'hey tally, how much have I spent on eating out this month?',
        ],
      ],
      [
        spend({ merchant: 'Starbucks' }, LAST_MONTH),
        [
          'starbucks last month',
          'how much did i drop at starbucks in october',
          'what did starbucks cost me last month',
          'Total Starbucks charges for October please',
        ],
      ],
      [
        spend({ merchant: 'Amazon' }, THIS_YEAR),
        [
          'amazon total this year',
          'how much have i spent on amazon in 2026',
          "hey tally what's my amazon spending year to date",
          'amzn this yr',
        ],
      ],
      [
        spend({}, LAST_WEEK),
        [
          'what did i spend last week',
          'total spend last wk',
          "last week's spending total pls",
          'How much money did I spend in total last week?',
        ],
      ],
      [
        spend({ category: 'Transportation' }, SEPTEMBER),
        [
          'transport costs in september',
          'how much did getting around cost me in sept',
          'what did i spend on transportation during september',
          'sept transportation spend',
        ],
      ],
      [
        spend({}, Q3),
        [
          'how much did i spend in the third quarter',
          'q3 total spending',
          'what was my total spending for july through september',
          'Spending from July to September, all of it',
        ],
      ],
    ],
  ],
  [
    'counts',
    [
      [
        spend({ category: 'DiningOut' }, LAST_MONTH, 'count'),
        [
          'how many times did I eat out in october',
          'number of restaurant visits last month',
          'how often did i go out to eat in oct',
          'count my dining out purchases last month',
        ],
      ],
      [
        spend({ merchant: 'Starbucks' }, THIS_MONTH, 'count'),
        [
          'how many starbucks runs this month',
          'how many times have i been to starbucks in november',
          'starbucks visits this month?',
          'hey tally how many times did i buy starbucks so far this month',
        ],
      ],
      [
        spend({ merchant: 'Uber' }, LAST_MONTH, 'count'),
        [
          'how many uber rides did i take last month',
          'number of uber trips in october',
          'how many times did i take an uber in oct',
          'uber ride count last month',
        ],
      ],
      [
        spend({ category: 'Groceries' }, SEPTEMBER, 'count'),
        [
          'how many grocery trips in september',
          'how many times did i buy groceries in sept',
          'number of grocery runs september',
          'How often did I shop for groceries in September?',
        ],
      ],
      [
        spend({ merchant: 'Amazon' }, THIS_YEAR, 'count'),
        [
          'how many amazon orders have i placed this year',
          'number of amazon purchases in 2026',
          'how many things did i buy on amazon this year',
          'amazon order count ytd',
        ],
      ],
      [
        spend({}, LAST_WEEK, 'count'),
        [
          'how many purchases did i make last week',
          'how many transactions last week',
          'number of things i bought last week',
          'how many times did i spend money last wk',
        ],
      ],
    ],
  ],
  [
    'averages',
    [
      [
        spend({ category: 'Groceries' }, LAST_3_MONTHS, 'average'),
        [
          'what do I spend on groceries a month on average over the last 3 months',
          'avg monthly grocery spend last 3 months',
          'on average how much do i spend on groceries per month, last three months',
          "what's my typical monthly grocery bill over the past 3 months",
        ],
      ],
      [
        spend({}, LAST_3_MONTHS, 'average'),
        [
          'how much do i spend a month on average over the last 3 months',
          'average monthly spending last 3 months',
          "what's my average monthly spend for the past three months",
          'hey tally on average what do i spend per month (last 3 months)',
        ],
      ],
      [
        spend({ category: 'DiningOut' }, LAST_4_WEEKS, 'average'),
        [
          'how much do i spend on eating out per week on average over the last 4 weeks',
          'average weekly dining spend last 4 weeks',
          "what's my weekly restaurant average for the past four weeks",
          'eating out per week avg last 4 wks',
        ],
      ],
      [
        { measure: 'average', subject: 'income', time: LAST_3_MONTHS },
        [
          "what's my average monthly income over the last 3 months",
          'how much do i make a month on average, last 3 months',
          'avg money coming in per month past three months',
          'Average monthly earnings over the last 3 months?',
        ],
      ],
      [
        spend({}, COMPLETE_MONTHS, 'average'),
        [
          "what's my average monthly spending",
          'how much do i usually spend in a month',
          'on average what does a month cost me',
          'typical monthly spend?',
        ],
      ],
      [
        spend({ category: 'Groceries' }, LAST_MONTH, 'per_purchase'),
        [
          "what's my average grocery trip cost last month",
          'how much do i spend per grocery run on average in october',
          'average grocery purchase last month',
          'avg spend per trip at the grocery store in oct',
        ],
      ],
    ],
  ],
  [
    'shares',
    [
      [
        spend({ category: 'Rent' }, LAST_MONTH, 'share'),
        [
          'what percent of my spending last month was rent',
          'how much of my october spending went to rent as a percentage',
          'rent as a % of total spend last month',
          'What share of my money went to rent in October?',
        ],
      ],
      [
        spend({ category: 'DiningOut' }, THIS_MONTH, 'share'),
        [
          'what percentage of my spending this month is eating out',
          'dining out as a percent of spending this month',
          'how big a slice of my november spending is restaurants, in percent',
          'hey tally what % of this months spend is dining',
        ],
      ],
      [
        spend({ category: 'Groceries' }, SEPTEMBER, 'share'),
        [
          'what fraction of my spending in september went on groceries, as a percent',
          'groceries % of spending sept',
          'percent of september spend on groceries',
          'How much of my September spending was groceries in percent?',
        ],
      ],
      [
        spend({ merchant: 'Amazon' }, THIS_YEAR, 'share'),
        [
          'what percent of my spending this year was amazon',
          'amazon as a share of everything i spent this year (%)',
          'how much of my total spending in 2026 went to amazon percentage-wise',
          '% of spend on amazon ytd',
        ],
      ],
      [
        spend({ category: 'Transportation' }, Q3, 'share'),
        [
          'what percent of my q3 spending was transportation',
          'transportation share of spending july to september',
          'how much of my spending in the third quarter went to getting around, as a %',
          'Transport as a percentage of total spend in Q3?',
        ],
      ],
    ],
  ],
  [
    'extremes',
    [
      [
        spend({}, LAST_WEEK, 'largest'),
        [
          'what was my biggest purchase last week',
          'largest single expense last week',
          "what's the most i spent in one go last week",
          'biggest transaction last wk',
        ],
      ],
      [
        spend({ merchant: 'Amazon' }, THIS_YEAR, 'largest'),
        [
          'what was my biggest amazon order this year',
          'largest amazon purchase in 2026',
          'most expensive thing i bought on amazon this year',
          'biggest amzn charge ytd',
        ],
      ],
      [
        spend({ category: 'DiningOut' }, THIS_MONTH, 'largest'),
        [
          "what's the most i've spent on a single meal out this month",
          'biggest restaurant bill this month',
          'largest dining out charge in november',
          'priciest meal this month?',
        ],
      ],
      [
        spend({ merchant: 'Starbucks' }, LAST_MONTH, 'smallest'),
        [
          'what was my smallest starbucks purchase last month',
          'cheapest starbucks order in october',
          'lowest starbucks charge last month',
          'least i paid at starbucks in oct',
        ],
      ],
      [
        spend({ category: 'Groceries' }, SEPTEMBER, 'largest'),
        [
          'biggest grocery bill in september',
          'what was my largest grocery trip in sept',
          'most expensive grocery run september',
          'Largest single grocery purchase in September?',
        ],
      ],
      [
        spend({}, THIS_MONTH, 'smallest'),
        [
          'what was my smallest purchase this month',
          'smallest transaction so far this month',
          'cheapest thing i bought in november',
          'lowest charge this month?',
        ],
      ],
    ],
  ],
  [
    'comparisons',
    [
      [
        { ...spend({ category: 'DiningOut' }, { a: THIS_MONTH, b: LAST_MONTH }, 'compare'), asks: 'more' },
        [
          'did I spend more on dining this month than last',
          'am i spending more on eating out this month than last month',
          'is my restaurant spending higher this month than in october',
          'hey tally did eating out cost me more this month vs last month',
        ],
      ],
      [
        { ...spend({ category: 'Groceries' }, { a: LAST_MONTH, b: SEPTEMBER }, 'compare'), asks: 'more' },
        [
          'did i spend more on groceries in october than september',
          "was october's grocery bill bigger than september's",
          'grocery spend up in oct compared to sept?',
          'Did groceries cost me more in October than in September?',
        ],
      ],
      [
        { ...spend({}, { a: LAST_MONTH, b: SEPTEMBER }, 'compare'), asks: 'less' },
        [
          'did i spend less last month than the month before',
          'was october cheaper than september for me',
          'did my spending go down in october vs september',
          'less spending in oct than sept?',
        ],
      ],
      [
        { measure: 'compare', subject: 'income', time: { a: LAST_MONTH, b: SEPTEMBER }, asks: 'more' },
        [
          'did i earn more in october than september',
          'was my income higher last month than the month before',
          'more money coming in in oct than sept?',
          'did i make more last month than in september',
        ],
      ],
      [
        { ...spend({ merchant: 'Starbucks' }, { a: LAST_MONTH, b: SEPTEMBER }, 'compare'), asks: 'less' },
        [
          'did i spend less at starbucks in october than in september',
          'was starbucks cheaper for me in oct than sept',
          'starbucks spending down in october compared to september?',
          'did i cut back on starbucks in october vs september',
        ],
      ],
    ],
  ],
  [
    'exclusions',
    [
      [
        spend({ excludeCategory: ['Rent'] }, LAST_MONTH),
        [
          'how much did I spend last month apart from rent',
          'total spending in october not counting rent',
          'what did i spend last month excluding rent',
          'october spend minus rent',
        ],
      ],
      [
        spend({}, LAST_MONTH),
        [
          'how much did i spend last month not counting transfers',
          'spending in october excluding transfers between my accounts',
          'what went out in oct leaving out transfers',
          'total spend last month without transfers',
        ],
      ],
      [
        spend({ excludeCategory: ['Rent', 'Utilities'] }, THIS_MONTH),
        [
          "this month's spending excluding rent and utilities",
          'what have i spent in november besides rent and utilities',
          'spending this month w/o rent or utilities',
          'How much did I spend this month if you leave out rent and utility bills?',
        ],
      ],
      [
        spend({ category: 'Groceries', excludeMerchant: 'Whole Foods Market' }, THIS_YEAR),
        [
          'how much did i spend on groceries this year not counting whole foods',
          'grocery spend ytd excluding whole foods',
          'groceries this year except whole foods',
          'what did groceries cost me this year apart from whole foods',
        ],
      ],
      [
        spend({ category: 'Shopping', excludeMerchant: 'Amazon' }, LAST_MONTH),
        [
          'shopping last month not including amazon',
          'how much did i spend shopping in october besides amazon',
          'non-amazon shopping last month',
          'October shopping total, excluding Amazon',
        ],
      ],
    ],
  ],
  [
    'cash flow',
    [
      [
        { measure: 'total', subject: 'net', time: LAST_MONTH },
        [
          'what was my net cash flow last month',
          'how much more came in than went out in october',
          'net for october?',
          'cash flow last month, in minus out',
        ],
      ],
      [
        { measure: 'rate', subject: 'savings_rate', time: LAST_MONTH },
        [
          'what was my savings rate last month',
          'what percent of my income did i save in october',
          'savings rate october',
          'hey tally how much of what i earned last month did i keep, as a percent',
        ],
      ],
      [
        { measure: 'total', subject: 'net', time: THIS_YEAR },
        [
          "what's my net cash flow this year",
          'income minus spending year to date',
          'net cashflow ytd',
          'How much more have I earned than spent this year?',
        ],
      ],
      [
        { measure: 'rate', subject: 'savings_rate', time: THIS_YEAR },
        [
          'savings rate ytd',
          "what's my savings rate for 2026",
          'what % of my income have i saved this year',
          'how much of my income am i saving this year, percentage',
        ],
      ],
      [
        { measure: 'total', subject: 'net', time: SEPTEMBER },
        [
          'net cash flow september',
          'did i end september up or down, and by how much',
          'september in minus out',
          'What was my cash flow in September?',
        ],
      ],
    ],
  ],
  [
    'balances',
    [
      [
        level('balance', { account: 'checking' }),
        [
          "what's in my checking account",
          'checking balance',
          'how much money do i have in checking rn',
          'hey tally whats my checking acct balance',
        ],
      ],
      [
        level('balance', { account: 'savings' }),
        [
          'how much is in my savings',
          'savings account balance?',
          "what's my high yield savings at",
          'How much have I got in the savings account?',
        ],
      ],
      [
        level('balance', { account: 'credit' }),
        [
          'what do i owe on my credit card',
          'credit card balance',
          'how much is on my visa right now',
          'whats my card balance',
        ],
      ],
      [
        level('balance', { account: 'cash' }),
        [
          'how much cash do i have across checking and savings',
          'total in my bank accounts',
          'checking plus savings total',
          'how much money do i have in the bank altogether',
        ],
      ],
      [
        level('balance', { account: 'net_worth' }),
        [
          "what's my net worth",
          'if i paid off my card today how much would i have left in the bank',
          'cash minus credit card debt',
          'my accounts net of the credit card balance?',
        ],
      ],
    ],
  ],
  [
    'subscriptions',
    [
      [
        level('subscription_month', { subscription: 'Netflix' }),
        [
          'how much is netflix a month',
          'what does netflix cost me monthly',
          'netflix monthly price',
          'hey tally how much am i paying for netflix each month',
        ],
      ],
      [
        level('subscription_year', { subscription: 'Netflix' }),
        [
          'how much does netflix cost me a year',
          'netflix per year',
          "what's my annual netflix spend",
          'yearly cost of netflix?',
        ],
      ],
      [
        level('subscription_year', { subscription: 'Amazon Prime' }),
        [
          'how much is amazon prime a year',
          'what do i pay for prime annually',
          'prime membership yearly cost',
          'Annual cost of my Amazon Prime?',
        ],
      ],
      [
        level('subscriptions_active'),
        [
          'how many subscriptions do i have',
          'number of active subscriptions',
          'how many things am i subscribed to',
          'how many subs am i paying for',
        ],
      ],
      [
        level('subscription_year'),
        [
          'how much do my subscriptions cost per year',
          'total yearly subscription cost',
          'what do i spend on subscriptions annually',
          'all my subscriptions over a year, how much?',
        ],
      ],
      [
        level('subscription_month', { subscription: 'Spotify' }),
        ['spotify cost per month', 'how much is spotify costing me a month'],
      ],
    ],
  ],
  [
    'budget',
    [
      [
        level('budget_used_percent', { category: 'DiningOut' }),
        [
          'what percent of my dining budget have i used',
          'how much of my eating out budget is gone, in percent',
          'dining budget used %',
          'hey tally what percentage of my restaurant budget have i gone through',
        ],
      ],
      [
        level('budget_allocated'),
        [
          'how much have i budgeted in total this month',
          'total budget allocated for november',
          "what's my total budget",
          'sum of all my budget categories',
        ],
      ],
      [
        level('budget_left'),
        [
          'how much is left in my budget overall',
          'whats left of my november budget',
          'remaining budget total',
          'How much budget do I have remaining across all categories?',
        ],
      ],
      [
        level('budget_used_percent', { category: 'Groceries' }),
        [
          'how much of my grocery budget have i used, percent',
          'grocery budget % used',
          'what share of the groceries budget is spent',
          'am i at like 80% of my grocery budget or what',
        ],
      ],
      [
        level('budget_used', { category: 'Shopping' }),
        [
          'how much have i spent against my shopping budget',
          'shopping budget spent so far',
          "what's been used of the shopping budget this month",
          'How much of my shopping budget have I used up (dollars)?',
        ],
      ],
      [
        level('budget_left', { category: 'Transportation' }),
        ['how much transportation budget is left', 'transport budget remaining'],
      ],
    ],
  ],
  [
    'goals',
    [
      [
        level('goal_needed', { goal: 'Emergency Fund' }),
        [
          'how much more do i need for my emergency fund',
          "what's left to save for the emergency fund",
          'emergency fund remaining amount',
          'hey tally how far am i from my emergency fund target in dollars',
        ],
      ],
      [
        level('goal_progress', { goal: 'Japan Trip' }),
        [
          'what percent of my japan trip goal have i saved',
          'japan trip progress %',
          'how far along am i on the japan fund, percentage',
          'How close am I to the Japan trip goal in percent?',
        ],
      ],
      [
        level('goal_needed', { goal: 'Japan Trip' }),
        [
          'how much do i still need for japan',
          'japan trip: how much left to save',
          'remaining for the japan trip',
          'how much more till i hit my japan goal',
        ],
      ],
      [
        level('goal_saved'),
        [
          'how much have i saved toward all my goals',
          'total saved in goals',
          'sum of my goal savings',
          'How much money is set aside across my savings goals?',
        ],
      ],
      [
        level('goal_progress', { goal: 'Emergency Fund' }),
        [
          'emergency fund percent complete',
          'how far along is my emergency fund in %',
          'what % of the emergency fund have i reached',
        ],
      ],
    ],
  ],
  [
    'advice',
    [
      [
        { measure: 'advice', subject: 'none' },
        [
          'how can i save more',
          'where should i cut back',
          'am i on track this month',
          'any tips to spend less',
          "what's my biggest area to cut",
          'hey tally how do i save more money each month',
          'where is my money leaking',
          'how am i doing financially',
          'should i cut back on eating out',
          'can you help me budget better',
          'what should i do to hit my japan goal faster',
          'am i spending too much on amazon',
          'give me one thing to change to save money',
          'where could i save 200 a month',
          'how am i tracking vs my budget this month',
          'what can i cut to save for japan',
          'am i overspending',
          'hows my spending looking this month',
          'is my grocery spending reasonable',
          'which subscriptions could i drop',
        ],
      ],
    ],
  ],
  [
    'out of scope',
    [
      [
        { measure: 'decline', subject: 'none' },
        [
          'should i buy nvidia stock',
          "what's the s&p 500 at today",
          'will interest rates go down next year',
          'is gold a good investment right now',
          'how much tax will i owe this year',
          'can i deduct my home office',
          "what's the capital gains tax rate",
          'is a roth ira contribution tax deductible',
          'how much does my sister spend on rent',
          "what's my boss's salary",
          'how much do people my age usually save',
          'how much does my roommate spend on food',
          'move 200 from checking to savings',
          'cancel spotify',
          'change my dining budget to 400',
          'delete all my transactions from october',
          'mark the venmo payment as rent',
          'add a new goal for a car',
          'hey tally whats the exchange rate for yen',
          'should i refinance my mortgage',
          "how's the housing market in sf",
          "what's my neighbor's credit score",
        ],
      ],
    ],
  ],
];

/** Every question; within a family the halves alternate paraphrase by paraphrase, so each half has every family. */
export const FAMILY_QUESTIONS: FamilyQuestion[] = FAMILIES.flatMap(([family, meanings]) => {
  let n = 0;
  return meanings.flatMap(([expect, texts]) =>
    texts.map((text) => ({ text, family, expect, half: (n++ % 2 === 0 ? 'tune' : 'held') as Half })),
  );
});

export const FAMILY_ORDER: Family[] = FAMILIES.map(([family]) => family);
