import { CATEGORIES, CATEGORY, type CategoryCode, type CategoryKey } from '../../transactions/categories';
import { sameWord, type Word } from './text';

/**
 * What people call each spending category as a whole, beyond its own name. A word for part of one ("gas",
 * "coffee", "electric bill", "gym") is not here: the whole category's total would be a wrong figure for it,
 * so such a question is declined (a merchant of that name in the history still answers it). Income
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

type Entry = { code: CategoryCode; words: string[] };

/**
 * Each category's own label ("Rent/Mortgage" → "rent", "mortgage"; "Gifts & Donations"), its key spelled
 * out ("DiningOut" → "dining out") and the synonyms above; income categories and the word "other" left out. Longest
 * phrases first, so "gas bill" is a utility before "gas" is transportation.
 */
const ENTRIES: Entry[] = CATEGORIES.filter((c) => c.group !== 'Income')
  .flatMap((c) => {
    const own = [
      ...c.label.toLowerCase().split(/\s*[/&]\s*/),
      c.key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
    ].filter((phrase) => phrase !== 'other');
    const extra: readonly string[] =
      (SYNONYMS as Partial<Record<CategoryKey, readonly string[]>>)[c.key] ?? [];
    return [...new Set([...own, ...extra])].map((phrase) => ({ code: c.code, words: phrase.split(' ') }));
  })
  .sort((a, b) => b.words.length - a.words.length);

/** Every word of every category phrase, for the typo fixer's dictionary. */
export const CATEGORY_WORDS: ReadonlySet<string> = new Set(ENTRIES.flatMap((e) => e.words));

/** Takes each category phrase in the words; the codes in the order they appear (repeats kept). */
export function takeCategories(words: Word[]): CategoryCode[] {
  return takeCategoryPhrases(words).map((f) => f.code);
}

/** Takes each category phrase in the words, with where it is: words [at, end). */
export function takeCategoryPhrases(words: Word[]): { at: number; end: number; code: CategoryCode }[] {
  const found: { at: number; end: number; code: CategoryCode }[] = [];
  for (let i = 0; i < words.length; i++) {
    for (const entry of ENTRIES) {
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
      found.push({ at, end: i + n, code: entry.code });
      i += n - 1;
      break;
    }
  }
  return found;
}

export const SUBSCRIPTIONS_CATEGORY: CategoryCode = CATEGORY.Subscriptions;
