import { CATEGORIES, CATEGORY, type CategoryCode, type CategoryKey } from '../../transactions/categories';
import type { TransactionKind } from '../../transactions/kinds';
import { sameWord, type Word, wordForms } from './text';

/**
 * What people call each spending category as a whole, beyond its own name. A word for part of one ("gas",
 * "coffee", "electric bill", "gym") is not here: the whole category's total would be a wrong figure for it.
 * Those are kinds of purchase (KIND_SYNONYMS below), counted by the bank's detailed category. Income
 * categories are not here: the intents total income as a whole, so a question about one kind of income is
 * declined, not answered with all of it. "food" is not here either: it could mean groceries or dining out.
 */
const SYNONYMS = {
  Rent: ['rent', 'mortgage', 'housing', 'landlord', 'house payment', 'home loan'],
  Utilities: ['utilities', 'utility', 'utility bills', 'bills'],
  Insurance: ['insurance', 'premiums'],
  Subscriptions: ['subscriptions', 'memberships'],
  LoanPayments: ['loan payments', 'loans', 'debt payments'],
  Groceries: [
    'groceries',
    'grocery',
    'grocery store',
    'grocery shopping',
    'supermarket',
    'supermarkets',
    'food shopping',
    'grocery bill',
  ],
  DiningOut: [
    'dining out',
    'dining',
    'eating out',
    'eat out',
    'ate out',
    'restaurants',
    'restaurant',
    // Misspelt more often than not, and two letters off: too far for the one-edit typo fixer.
    'restaraunts',
    'restaraunt',
    'resturants',
    'resturant',
    'takeout',
    'take out',
    'takeaway',
    'meal out',
    'meals out',
    'meal',
    'meals',
    'out to eat',
    'eaten out',
    'eating at restaurants',
  ],
  Transportation: ['transportation', 'transport', 'commute', 'commuting', 'getting around', 'transit'],
  Entertainment: ['entertainment', 'hobbies', 'fun'],
  Shopping: ['shopping'],
  Healthcare: ['health', 'healthcare', 'health care', 'medical'],
  Travel: ['travel', 'traveling', 'travelling', 'trips', 'trip', 'vacation', 'vacations'],
  PersonalCare: ['personal care'],
  Education: ['education', 'tuition'],
  Gifts: ['gifts', 'gift', 'donations', 'donation', 'donate', 'donated', 'charity', 'charities', 'giving'],
  Uncategorized: ['uncategorized', 'miscellaneous', 'misc'],
} satisfies Partial<Record<CategoryKey, string[]>>;

/** What people call each kind of purchase narrower than a category (transactions/kinds.ts). */
const KIND_SYNONYMS: Record<TransactionKind, string[]> = {
  coffee: [
    'coffee',
    'coffees',
    'coffee shop',
    'coffee shops',
    'cafe',
    'cafes',
    'latte',
    'lattes',
    'espresso',
  ],
  fast_food: ['fast food', 'fastfood'],
  alcohol: ['alcohol', 'booze', 'liquor', 'beer', 'wine'],
  fuel: [
    'gas',
    'fuel',
    'petrol',
    'gasoline',
    'gas station',
    'gas stations',
    'fill up',
    'fill ups',
    'filling up',
  ],
  ride_shares: [
    'rideshare',
    'rideshares',
    'ride share',
    'ride shares',
    'ride sharing',
    'taxi',
    'taxis',
    'cab',
    'cabs',
  ],
  public_transit: ['public transit', 'public transport', 'public transportation', 'subway', 'metro'],
  parking: ['parking'],
  tolls: ['tolls', 'toll', 'toll roads'],
  flights: ['flights', 'flight', 'airfare', 'airfares', 'plane tickets', 'plane ticket', 'airline tickets'],
  hotels: ['hotels', 'hotel', 'lodging', 'airbnb', 'airbnbs', 'accommodation', 'accommodations'],
  rental_cars: ['rental car', 'rental cars', 'car rental', 'car rentals'],
  pharmacy: ['pharmacy', 'pharmacies', 'prescriptions', 'prescription', 'drugstore', 'meds', 'medicine'],
  dental_care: ['dentist', 'dentists', 'dental'],
  gas_and_electricity: [
    'electricity',
    'electric bill',
    'electricity bill',
    'power bill',
    'energy bill',
    'gas bill',
    'gas and electric',
    'gas and electricity',
    'heating',
    'natural gas',
  ],
  internet_and_cable: ['internet', 'internet bill', 'wifi', 'wi fi', 'broadband', 'cable bill', 'cable tv'],
  phone: [
    'phone bill',
    'phone plan',
    'phone service',
    'cell phone bill',
    'cell service',
    'mobile bill',
    'wireless bill',
  ],
  water: ['water bill', 'water and sewer'],
  streaming: [
    'streaming',
    'streaming services',
    'movies',
    'movie',
    'cinema',
    'movie theater',
    'movie tickets',
  ],
  music: ['music'],
  video_games: ['video games', 'video game', 'gaming', 'games'],
  events_and_tickets: ['concerts', 'concert', 'concert tickets', 'sporting events', 'museums', 'theme parks'],
  hair_and_beauty: ['haircut', 'haircuts', 'hair', 'salon', 'barber', 'barbers', 'beauty'],
  gym_and_fitness: ['gym', 'gyms', 'fitness'],
  laundry: ['laundry', 'dry cleaning', 'laundromat'],
  clothing: ['clothes', 'clothing', 'apparel', 'shoes'],
  electronics: ['electronics', 'gadgets'],
  books: ['books', 'bookstore', 'bookstores'],
  car_care: [
    'car repairs',
    'car repair',
    'car maintenance',
    'auto repair',
    'mechanic',
    'car wash',
    'oil change',
  ],
  hardware: ['hardware store', 'home improvement'],
};

type Entry = { code: CategoryCode; words: string[] };
type KindEntry = { kind: TransactionKind; words: string[] };

/** Longest phrases first, so "gas bill" is the power bill before "gas" is fuel. */
const KIND_ENTRIES: KindEntry[] = (Object.entries(KIND_SYNONYMS) as [TransactionKind, string[]][])
  .flatMap(([kind, phrases]) => phrases.map((phrase) => ({ kind, words: phrase.split(' ') })))
  .sort((a, b) => b.words.length - a.words.length);

/**
 * Each category's own label ("Rent/Mortgage" → "rent", "mortgage"; "Gifts & Donations"), its key spelled
 * out ("DiningOut" → "dining out") and the synonyms above; income categories and the word "other" left out. Longest
 * phrases first, so "gas bill" is a utility before "gas" is transportation.
 */
/**
 * Pay by its own names: a paycheck is the Salary category's money in, not every amount that came in
 * (refunds, a payout). Only these words name an income category; "income" and "earnings" stay all of it.
 */
const INCOME_SYNONYMS: Partial<Record<CategoryKey, string[]>> = {
  Salary: ['salary', 'salaries', 'paycheck', 'paychecks', 'paycheque', 'paycheques', 'payroll', 'wages'],
  Bonus: ['bonus', 'bonuses'],
  Investment: ['interest', 'interest income', 'dividends', 'dividend', 'dividend income'],
};

const ENTRIES: Entry[] = CATEGORIES.filter((c) => c.group !== 'Income' || c.key in INCOME_SYNONYMS)
  .flatMap((c) => {
    if (c.group === 'Income') {
      return (INCOME_SYNONYMS[c.key] ?? []).map((phrase) => ({ code: c.code, words: phrase.split(' ') }));
    }
    const own = [
      ...c.label.toLowerCase().split(/\s*[/&]\s*/),
      c.key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
    ].filter((phrase) => phrase !== 'other');
    const extra: readonly string[] =
      (SYNONYMS as Partial<Record<CategoryKey, readonly string[]>>)[c.key] ?? [];
    return [...new Set([...own, ...extra])].map((phrase) => ({ code: c.code, words: phrase.split(' ') }));
  })
  .sort((a, b) => b.words.length - a.words.length);

/** The one-word kinds ("flight", "coffee"): a measure's item word that is one stays the kind's. */
export const KIND_WORDS: ReadonlySet<string> = new Set(
  KIND_ENTRIES.filter((e) => e.words.length === 1).flatMap((e) => e.words),
);

/** Every word of every category and kind phrase, for the typo fixer's dictionary. */
export const CATEGORY_WORDS: ReadonlySet<string> = new Set(
  [...ENTRIES, ...KIND_ENTRIES].flatMap((e) => e.words),
);

/** Takes each category phrase in the words; the codes in the order they appear (repeats kept). */
export function takeCategories(words: Word[]): CategoryCode[] {
  return takeCategoryPhrases(words).map((f) => f.code);
}

/** Takes each category phrase in the words, with where it is: words [at, end). */
export function takeCategoryPhrases(words: Word[]): { at: number; end: number; code: CategoryCode }[] {
  return takePhrases(words, ENTRIES).map(({ at, end, entry }) => ({ at, end, code: entry.code }));
}

/** Takes each kind-of-purchase phrase in the words ("coffee", "gas bill"), with where it is. */
export function takeKindPhrases(words: Word[]): { at: number; end: number; kind: TransactionKind }[] {
  return takePhrases(words, KIND_ENTRIES).map(({ at, end, entry }) => ({ at, end, kind: entry.kind }));
}

/**
 * The entries by the forms of their first word, each with its place in the list: which may start at a
 * word is then a lookup, not a pass over every phrase. Made once per list.
 */
const byFirstWord = new WeakMap<readonly { words: string[] }[], Map<string, number[]>>();
function firstWordIndex(entries: readonly { words: string[] }[]): Map<string, number[]> {
  const known = byFirstWord.get(entries);
  if (known) return known;
  const index = new Map<string, number[]>();
  entries.forEach((entry, n) => {
    for (const form of wordForms(entry.words[0] ?? '')) index.set(form, [...(index.get(form) ?? []), n]);
  });
  byFirstWord.set(entries, index);
  return index;
}

function takePhrases<E extends { words: string[] }>(
  words: Word[],
  entries: readonly E[],
): { at: number; end: number; entry: E }[] {
  const index = firstWordIndex(entries);
  const found: { at: number; end: number; entry: E }[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (!word || word.used) continue;
    // The entries whose first word is this one's, in the list's order (the first that fits wins).
    const places = [...new Set(wordForms(word.text).flatMap((f) => index.get(f) ?? []))].sort(
      (a, b) => a - b,
    );
    for (const entry of places.map((n) => entries[n] as E)) {
      const n = entry.words.length;
      const span = words.slice(i, i + n);
      if (span.length < n || span.some((w, k) => w.used || !sameWord(w.text, entry.words[k] ?? ''))) continue;
      for (const w of span) w.used = true;
      const at = i;
      // "Doctor bills", "vet bill": the bill of a category is that category, not a utility.
      const next = words[i + n];
      if (next && !next.used && (next.text === 'bill' || next.text === 'bills')) {
        next.used = true;
        i++;
      }
      found.push({ at, end: i + n, entry });
      i += n - 1;
      break;
    }
  }
  return found;
}

export const SUBSCRIPTIONS_CATEGORY: CategoryCode = CATEGORY.Subscriptions;
