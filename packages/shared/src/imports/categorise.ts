import { CATEGORIES, CATEGORY, type CategoryCode } from '../transactions/categories';

/*
 * A file carries no bank category, so its rows are sorted by the words in their description. Rules are tried in
 * order and the first match wins: phrases that contain a later rule's word first ('uber eats', 'student loan',
 * 'amazon prime', 'costco gas'), then merchants' names, then generic words — so 'SNCF INTERNET' is a train
 * ticket, not an internet bill. Words match whole: 'rent' is not found in 'current'. Each rule lists its words
 * separated by '|'.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const SPACES = /\s+/g;

/** Lower case, accents dropped (café → cafe), whitespace collapsed. */
function fold(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(SPACES, ' ').trim();
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for '|'-separated words and phrases, each matching only between non-alphanumeric characters. */
function wordsPattern(words: string): RegExp {
  return new RegExp(`(?:^|[^a-z0-9])(?:${words.split('|').map(escapeRegExp).join('|')})(?![a-z0-9])`);
}

const PHRASES: readonly (readonly [CategoryCode, string])[] = [
  [
    CATEGORY.DiningOut,
    'uber eats|ubereats|uber *eats|doordash|door dash|grubhub|postmates|deliveroo|just eat|lieferando|seamless',
  ],
  [CATEGORY.Travel, 'rent-a-car|rent a car|car rental|rental car|enterprise rent|budget rent|national car'],
  [CATEGORY.Transportation, "costco gas|sam's fuel|uber trip|parking"],
  [CATEGORY.Groceries, 'walmart grocery|walmart supercenter|target grocery|amazon fresh|amazon grocery'],
  [CATEGORY.LoanPayments, 'student loan|loan payment|loan pmt|auto loan|car loan|car payment'],
  [
    CATEGORY.Subscriptions,
    'amazon prime|prime video|primevideo|kindle unlimited|apple.com/bill|apple music|google storage|youtube premium|youtubepremium',
  ],
  [
    CATEGORY.Utilities,
    'gas & electric|gas and electric|natural gas|gas company|gas co|water bill|electric bill|phone bill',
  ],
  [
    CATEGORY.Investment,
    'dividend|dividends|interest earned|interest paid|interest payment|int earned|capital gain|zinsen|interets crediteurs',
  ],
  [
    CATEGORY.OtherIncome,
    'tax refund|irs treas|tax ref|cashback reward|cash back reward|ssa treas|social security',
  ],
];

const MERCHANTS: readonly (readonly [CategoryCode, string])[] = [
  [CATEGORY.Salary, 'adp|gusto|paychex|justworks|trinet'],
  [CATEGORY.LoanPayments, 'navient|nelnet|sallie mae|mohela|great lakes|lendingclub|lending club|upstart'],
  [
    CATEGORY.Insurance,
    'geico|state farm|allstate|progressive|liberty mutual|nationwide|farmers ins|metlife|aflac|lemonade|allianz|axa',
  ],
  [
    CATEGORY.Utilities,
    'pg&e|con ed|coned|duke energy|comcast|xfinity|spectrum|verizon|at&t|t-mobile|tmobile|sprint|cox comm|stadtwerke|vodafone|telekom|edf|engie',
  ],
  [
    CATEGORY.Subscriptions,
    'netflix|spotify|hulu|disney+|disney plus|disneyplus|hbo|max.com|paramount+|peacock|apple tv|itunes|icloud|audible|patreon|dropbox|adobe|microsoft 365|office 365|github|openai|chatgpt|siriusxm|sirius xm|nytimes|new york times|wsj|substack|planet fitness|la fitness|equinox|peloton',
  ],
  [
    CATEGORY.Groceries,
    "safeway|kroger|whole foods|wholefds|trader joe|trader joe's|aldi|lidl|publix|wegmans|h-e-b|heb|food lion|albertsons|stop & shop|giant eagle|harris teeter|sprouts|costco|sam's club|instacart|meijer|hy-vee|winco|vons|ralphs|food 4 less|smart & final|piggly wiggly|rewe|edeka|kaufland|netto|penny markt|carrefour|tesco|sainsbury|asda|morrisons|waitrose|monoprix|intermarche|leclerc|mercadona",
  ],
  [
    CATEGORY.DiningOut,
    "starbucks|dunkin|mcdonald|mcdonald's|burger king|wendy's|taco bell|chipotle|subway|domino|papa john|kfc|chick-fil-a|panera|five guys|shake shack|in-n-out|popeyes|sonic drive|dairy queen|panda express|olive garden|applebee|ihop|denny's|tst*",
  ],
  [
    CATEGORY.Transportation,
    'uber|lyft|shell|chevron|exxon|exxonmobil|mobil|bp|texaco|sunoco|valero|citgo|marathon petro|speedway|wawa|arco|circle k|e-zpass|ezpass|fastrak|sunpass|parkmobile|mta|bart|caltrain|clipper|ventra|aral|esso|totalenergies|autozone|jiffy lube|bvg|ratp|tfl',
  ],
  [
    CATEGORY.Travel,
    'delta air|united air|american air|southwest|jetblue|alaska air|spirit air|frontier air|ryanair|easyjet|lufthansa|air france|klm|marriott|hilton|hyatt|holiday inn|airbnb|booking.com|expedia|hotels.com|vrbo|hertz|avis|amtrak|eurostar|deutsche bahn|db vertrieb|sncf|trainline|greyhound',
  ],
  [
    CATEGORY.Entertainment,
    'amc|regal|cinemark|ticketmaster|stubhub|live nation|eventbrite|steam|steamgames|playstation|xbox|nintendo',
  ],
  [CATEGORY.Healthcare, 'cvs|walgreens|rite aid|labcorp|quest diag|kaiser'],
  [CATEGORY.PersonalCare, 'sephora|ulta|great clips|supercuts|dm drogerie|dm-drogerie|rossmann|douglas'],
  [CATEGORY.Education, 'coursera|udemy|edx|skillshare|masterclass|duolingo'],
  [CATEGORY.Gifts, 'gofundme|red cross|unicef|salvation army'],
  [
    CATEGORY.Shopping,
    "amazon|amzn|target|walmart|wal-mart|ebay|etsy|best buy|home depot|lowe's|lowes|ikea|macy's|macys|nordstrom|tj maxx|tjmaxx|marshalls|old navy|gap|h&m|zara|uniqlo|apple store|kohl's|kohls|wayfair|shein|temu|zalando|otto|mediamarkt|saturn|dollar tree|dollar general|bed bath|staples|office depot",
  ],
];

const WORDS: readonly (readonly [CategoryCode, string])[] = [
  [CATEGORY.Bonus, 'bonus'],
  [CATEGORY.Salary, 'payroll|salary|salaries|wages|direct dep|dir dep|paycheck|gehalt|lohn|salaire|nomina'],
  [CATEGORY.OtherIncome, 'rebate|reimbursement|pension|unemployment'],
  [
    CATEGORY.Rent,
    'rent|mortgage|landlord|property management|property mgmt|apartments|miete|loyer|alquiler|hoa dues',
  ],
  [CATEGORY.Insurance, 'insurance|insur|versicherung|assurance'],
  [CATEGORY.Utilities, 'electric|electricity|energy|utility|utilities|water|sewer|internet|broadband|strom'],
  [CATEGORY.Subscriptions, 'gym|subscription|membership'],
  [CATEGORY.Groceries, 'grocery|groceries|supermarket|lebensmittel'],
  [
    CATEGORY.DiningOut,
    'restaurant|cafe|coffee|pizza|bistro|grill|diner|sushi|bakery|baeckerei|backerei|brasserie|pub|tavern|eatery|kitchen',
  ],
  [CATEGORY.Transportation, 'taxi|cab|fuel|gas station|gasoline|toll|metro|transit|tankstelle|car wash|dmv'],
  [CATEGORY.Travel, 'airline|airlines|airways|hotel|hotels|motel|flight|resort'],
  [CATEGORY.Entertainment, 'cinema|movie|movies|theater|theatre|concert|bowling|museum|zoo|kino'],
  [
    CATEGORY.Healthcare,
    'pharmacy|doctor|dental|dentist|orthodont|clinic|hospital|medical|urgent care|optometr|vision|health|apotheke|pharmacie|arzt',
  ],
  [CATEGORY.PersonalCare, 'salon|barber|barbershop|hair|spa|nail|nails|massage|cosmetic|friseur|coiffeur'],
  [
    CATEGORY.Education,
    'tuition|university|college|school|daycare|childcare|preschool|kindergarten|kita|textbook',
  ],
  [CATEGORY.Gifts, 'donation|donations|charity|church|tithe|gift|spende'],
];

const DESCRIPTION_RULES = [...PHRASES, ...MERCHANTS, ...WORDS].map(
  ([code, words]) => [code, wordsPattern(words)] as const,
);

/**
 * Our category for a file row from its description's words (payroll → Salary, Safeway → Groceries, Uber →
 * Transportation…); Uncategorized when no rule is sure.
 */
export function categoryFromDescription(description: string): CategoryCode {
  const text = fold(description);
  for (const [code, pattern] of DESCRIPTION_RULES) if (pattern.test(text)) return code;
  return CATEGORY.Uncategorized;
}

/** A file's category names (other apps' and banks' words) per our category. Compared folded (lower case, no accents). */
const NAME_SYNONYMS: readonly (readonly [CategoryCode, readonly string[]])[] = [
  [
    CATEGORY.Salary,
    ['salary', 'paycheck', 'paychecks', 'payroll', 'wages', 'income:salary', 'gehalt', 'lohn', 'salaire'],
  ],
  [CATEGORY.Bonus, ['bonus', 'bonuses']],
  [
    CATEGORY.Investment,
    [
      'investment',
      'investments',
      'investment income',
      'dividends',
      'dividend',
      'interest income',
      'capital gains',
    ],
  ],
  [
    CATEGORY.OtherIncome,
    [
      'other income',
      'income',
      'refund',
      'refunds',
      'reimbursement',
      'reimbursements',
      'returned purchase',
      'einnahmen',
      'revenus',
    ],
  ],
  [
    CATEGORY.Rent,
    [
      'rent',
      'rent/mortgage',
      'mortgage',
      'mortgage & rent',
      'rent & mortgage',
      'housing',
      'miete',
      'wohnen',
      'loyer',
      'logement',
    ],
  ],
  [
    CATEGORY.Utilities,
    [
      'utilities',
      'utility',
      'bills & utilities',
      'bills and utilities',
      'bills',
      'electric',
      'electricity',
      'gas & electric',
      'water',
      'phone',
      'mobile phone',
      'internet',
      'cable',
      'television',
      'nebenkosten',
      'energie',
      'strom',
      'telefon',
      'factures',
    ],
  ],
  [
    CATEGORY.Insurance,
    [
      'insurance',
      'auto insurance',
      'car insurance',
      'health insurance',
      'life insurance',
      'home insurance',
      'renters insurance',
      'versicherung',
      'versicherungen',
      'assurance',
      'assurances',
    ],
  ],
  [
    CATEGORY.Subscriptions,
    [
      'subscriptions',
      'subscription',
      'streaming',
      'memberships',
      'membership',
      'gym',
      'fitness',
      'dues & subscriptions',
      'abonnements',
      'abos',
      'abonnement',
    ],
  ],
  [
    CATEGORY.LoanPayments,
    [
      'loan payments',
      'loan payment',
      'loans',
      'loan',
      'student loan',
      'student loans',
      'car payment',
      'auto payment',
      'debt',
      'kredit',
    ],
  ],
  [
    CATEGORY.Groceries,
    [
      'groceries',
      'grocery',
      'supermarket',
      'supermarkets',
      'food & groceries',
      'food:groceries',
      'lebensmittel',
      'alimentation',
      'courses',
      'supermarche',
    ],
  ],
  [
    CATEGORY.DiningOut,
    [
      'dining out',
      'diningout',
      'dining',
      'restaurants',
      'restaurant',
      'food & drink',
      'food and drink',
      'food & dining',
      'fast food',
      'coffee shops',
      'coffee',
      'bars',
      'alcohol & bars',
      'takeout',
      'gastronomie',
      'restauration',
    ],
  ],
  [
    CATEGORY.Transportation,
    [
      'transportation',
      'transport',
      'transports',
      'auto & transport',
      'auto and transport',
      'automotive',
      'auto',
      'car',
      'gas',
      'fuel',
      'gas & fuel',
      'gasoline',
      'parking',
      'public transportation',
      'public transit',
      'taxi',
      'ride share',
      'rideshare',
      'tolls',
      'mobilitat',
      'tanken',
      'verkehr',
    ],
  ],
  [
    CATEGORY.Entertainment,
    [
      'entertainment',
      'movies',
      'movies & dvds',
      'music',
      'games',
      'gaming',
      'arts',
      'hobbies',
      'recreation',
      'freizeit',
      'unterhaltung',
      'loisirs',
      'sorties',
    ],
  ],
  [
    CATEGORY.Shopping,
    [
      'shopping',
      'merchandise',
      'general merchandise',
      'clothing',
      'electronics',
      'electronics & software',
      'home',
      'home improvement',
      'household',
      'books',
      'sporting goods',
      'einkaufen',
      'shopping & retail',
      'achats',
    ],
  ],
  [
    CATEGORY.Healthcare,
    [
      'healthcare',
      'health care',
      'health',
      'medical',
      'health & wellness',
      'health & fitness',
      'pharmacy',
      'doctor',
      'dentist',
      'gesundheit',
      'sante',
    ],
  ],
  [
    CATEGORY.Travel,
    [
      'travel',
      'air travel',
      'airfare',
      'flights',
      'hotel',
      'hotels',
      'lodging',
      'vacation',
      'rental car & taxi',
      'reisen',
      'urlaub',
      'voyages',
      'voyage',
    ],
  ],
  [
    CATEGORY.PersonalCare,
    [
      'personal care',
      'personalcare',
      'beauty',
      'hair',
      'spa & massage',
      'spa',
      'laundry',
      'korperpflege',
      'drogerie',
      'soins',
    ],
  ],
  [
    CATEGORY.Education,
    ['education', 'tuition', 'books & supplies', 'student', 'childcare', 'bildung', 'ausbildung'],
  ],
  [
    CATEGORY.Gifts,
    [
      'gifts',
      'gift',
      'gifts & donations',
      'gifts and donations',
      'donations',
      'donation',
      'charity',
      'charitable',
      'spenden',
      'geschenke',
      'dons',
      'cadeaux',
    ],
  ],
  [
    CATEGORY.Uncategorized,
    [
      'uncategorized',
      'uncategorised',
      'other',
      'misc',
      'miscellaneous',
      'sonstiges',
      'divers',
      'autre',
      'autres',
    ],
  ],
];

const BY_NAME = new Map<string, CategoryCode>();
for (const c of CATEGORIES) {
  BY_NAME.set(fold(c.label), c.code);
  BY_NAME.set(fold(c.key), c.code);
}
for (const [code, names] of NAME_SYNONYMS)
  for (const name of names) if (!BY_NAME.has(name)) BY_NAME.set(name, code);

/** A QIF class after '/' ('Groceries/Household') is not part of the category. */
const QIF_CLASS = /\/[^/]*$/;

/**
 * Our category code for a file's category text when it names one of ours ('Dining Out', 'restaurants', 'Food &
 * Drink', 'Auto:Fuel'…), compared without case or accents; null when it names none. Hierarchical names try the whole
 * name, then the last part, then the first. QIF transfers ('[Savings]') name an account, not a category.
 */
export function categoryFromName(name: string | null): CategoryCode | null {
  if (name === null) return null;
  const text = fold(name);
  if (text === '' || text.startsWith('[')) return null;
  const direct = BY_NAME.get(text);
  if (direct !== undefined) return direct;
  const withoutClass = text.replace(QIF_CLASS, '').trim();
  const parts = withoutClass.split(/\s*[:>]\s*|\s+-\s+/).filter((p) => p !== '');
  for (const candidate of [withoutClass, parts[parts.length - 1], parts[0]]) {
    if (candidate === undefined) continue;
    const code = BY_NAME.get(candidate);
    if (code !== undefined) return code;
  }
  return null;
}
