/**
 * Every word the interpreter understands without a merchant, goal or category behind it. A question's word
 * outside this list that nothing else took ("lego", "paris", "bonus", "excluding") may be a filter the
 * intents cannot express, so the interpreter declines rather than answer a different question.
 * Left out on purpose: negations ("not", "except", "without"), "why", "if", "time": questions with them ask
 * something no intent answers. "since", "after", "before", "until" and holidays are understood only inside
 * a date phrase ("since March 3", "by Christmas"); outside one ("left after rent") they are not.
 */

const words = (s: string) => s.trim().split(/\s+/);

const FUNCTION_WORDS = words(`
  a an the i im ive id ill me my mine myself we us our ours you your yours it its is am are was were be
  been being do does did done doing have has had having will would could can may might must of in on at
  to for from with by about into onto over under during through thru and or but so then than as up down
  out off just only also too very really actually exactly roughly approximately approx around quite
  please pls plz thanks thank thx ty hey hi hello yo ok okay um uh hmm well idea now currently right what whats
  how hows much many which who where wheres when there theres here any anything some all every total
  overall altogether combined whole entire far yet still already ever more less most least lot lots tell
  show give let know see check get got getting gotten find look looking wondering wonder curious want
  need like quick question tally advisor kindly wanna gonna going go goes went gone stand standing
  status summary number amount figure sum overview that this these those s same again used use using
  rest available else them they list within inside monthly weekly yearly annual annually each per
  overspend overspent overspending
`);

const MONEY_WORDS = words(`
  money cash dollars dollar bucks usd funds spend spends spent spending spendings spendin pay paid burn
  burned burnt drop dropping tab sunk sink splurge splurged splurging waste wasted wasting
  paying pays payment payments cost costs costing bill bills expense expenses expenditure expenditures
  purchase purchases transaction transactions bought buy buying charge charges charged outgoing outgoings outflow outflows blew blow blown
  dropped budget budgets budgeted budgeting left remaining remain remains leftover track limit allowance
  income earn earned earning earnings earnt make made making salary salaries paycheck paychecks
  paycheque wage wages revenue came come coming inflow inflows deposit deposits balance balances account
  accounts bank checking savings save saved saving net surplus deficit flow cashflow ahead behind
  subscription subscriptions subscribed subs recurring membership memberships renew renews renewal
  renewals renewing renewed due upcoming soon expected scheduled goal goals fund progress close closer
  reach reached reaching hit afford affordable enough able top biggest largest highest main major
  breakdown category categories merchant merchants store stores shop shops place places vendor vendors
  retailer retailers business businesses company companies payee payees broke everything stuff things
  doing along profit put away aside set toward towards
`);

const DATE_WORDS = words(`
  today tonight yesterday tomorrow week weeks weekend month months year years quarter quarters day days
  ago last past previous this current next following so date mtd ytd qtd q1 q2 q3 q4 first second third
  fourth 1st 2nd 3rd 4th end start beginning middle recently lately january february march april may
  june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
  sunday monday tuesday wednesday thursday friday saturday eve new period moment present later one two
  three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty sixty ninety
  couple few
`);

export const KNOWN_WORDS: ReadonlySet<string> = new Set([...FUNCTION_WORDS, ...MONEY_WORDS, ...DATE_WORDS]);

/**
 * Words that mean something only inside a date phrase or a count ("top three"). One left over once those
 * are read ("the first week of November", "jan spending", "black friday") is a date or count the
 * interpreter did not understand, and answering for a different range would be a wrong figure.
 */
export const PHRASE_ONLY_WORDS: ReadonlySet<string> = new Set(
  words(`
    today tonight yesterday tomorrow week weeks weekend month months year years quarter quarters day days ago
    last past previous next first second third fourth 1st 2nd 3rd 4th end start beginning middle q1 q2 q3 q4
    january february march april may june july august september october november december jan feb mar apr
    jun jul aug sep sept oct nov dec sunday monday tuesday wednesday thursday friday saturday eve years two
    three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty sixty ninety
    couple few
  `),
);

/** Merchant-name words too plain to name a merchant on their own ("coffee" is not "Blue Bottle Coffee"). */
export const GENERIC_MERCHANT_WORDS: ReadonlySet<string> = new Set(
  words(`
    the and of co com inc llc ltd corp www net org store stores shop market supermarket coffee cafe
    restaurant grill bar pizza foods food gas station pharmacy bank company services service online
  `),
);

/** Words a merchant's name loses before matching: suffixes of a legal or web name. */
export const MERCHANT_NOISE: ReadonlySet<string> = new Set(
  words('the and of co com inc llc ltd corp www net org'),
);

/** Words of a goal's name that do not tell one goal from another. */
export const GOAL_NOISE: ReadonlySet<string> = new Set(
  words('fund funds goal goals savings saving save for my the a an to of and new account money plan'),
);

/**
 * Short names people use for merchants, read as the name's first words. Only the common ones; anything
 * else must be typed as the merchant shows in the history.
 */
export const MERCHANT_ALIASES: Readonly<Record<string, string>> = {
  sbux: 'starbucks',
  amzn: 'amazon',
  mcd: 'mcdonalds',
  mcds: 'mcdonalds',
  maccas: 'mcdonalds',
  tjs: 'trader joes',
  wholefoods: 'whole foods',
  homedepot: 'home depot',
};

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  couple: 2,
  few: 3,
};

/** The regex alternatives for a count: digits or a number word ("3", "three", "a couple of", "few"). */
export const COUNT_SOURCE = `\\d{1,4}|(?:a )?couple(?: of)?|(?:a )?few|${Object.keys(NUMBER_WORDS).join('|')}`;

/** "3" → 3, "three" → 3, "a couple of" → 2; null for anything else. */
export function readCount(text: string): number | null {
  if (/^\d{1,4}$/.test(text)) return Number(text);
  return NUMBER_WORDS[text.replace(/^a (?=couple|few)/, '').replace(/ of$/, '')] ?? null;
}
