import { CATEGORIES, CATEGORY, type CategoryCode, type CategoryKey } from '../../transactions/categories';
import { sameWord, type Word } from './text';

/**
 * What people call each spending category, beyond its own name. Income categories are not here: the
 * intents total income as a whole, so a question about one kind of income is declined, not answered
 * with all of it. "food" is not here either: it could mean groceries or dining out.
 */
const SYNONYMS = {
  Rent: ['rent', 'mortgage', 'housing', 'landlord', 'house payment', 'home loan'],
  Utilities: [
    'utilities',
    'utility',
    'utility bills',
    'bills',
    'electricity',
    'electric',
    'electric bill',
    'power bill',
    'water bill',
    'gas bill',
    'heating',
    'internet',
    'wifi',
    'phone bill',
    'cell phone bill',
    'cable',
  ],
  Insurance: [
    'insurance',
    'car insurance',
    'health insurance',
    'home insurance',
    'renters insurance',
    'premiums',
  ],
  // Streaming and gyms: the bank files Netflix or a gym as a subscription (see categoryFromProvider).
  Subscriptions: ['subscriptions', 'streaming', 'streaming services', 'memberships', 'gym', 'gym membership'],
  LoanPayments: ['loan payments', 'loans', 'student loans', 'car payment', 'auto loan', 'debt payments'],
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
    'food delivery',
    'fast food',
    'coffee',
    'coffee shops',
    'cafes',
    'bars',
    'lunches',
    'dinners',
    'lunch',
    'dinner',
    'breakfast',
    'brunch',
  ],
  Transportation: [
    'transportation',
    'transport',
    'gas',
    'fuel',
    'gasoline',
    'petrol',
    'uber',
    'lyft',
    'rideshare',
    'ride share',
    'rides',
    'taxi',
    'taxis',
    'cabs',
    'parking',
    'tolls',
    'transit',
    'public transport',
    'public transit',
    'bus',
    'subway',
    'commute',
    'commuting',
    'car repairs',
    'car maintenance',
  ],
  Entertainment: [
    'entertainment',
    'movies',
    'movie',
    'cinema',
    'concerts',
    'concert',
    'games',
    'video games',
    'gaming',
    'hobbies',
    'fun',
  ],
  Shopping: ['shopping', 'clothes', 'clothing', 'apparel', 'shoes', 'online shopping', 'electronics'],
  Healthcare: [
    'health',
    'healthcare',
    'health care',
    'medical',
    'doctor',
    'doctors',
    'doctor visits',
    'pharmacy',
    'prescriptions',
    'medicine',
    'medication',
    'medications',
    'dentist',
    'dental',
    'hospital',
    'therapy',
  ],
  Travel: [
    'travel',
    'traveling',
    'travelling',
    'trips',
    'trip',
    'vacation',
    'vacations',
    'flights',
    'flight',
    'airfare',
    'plane tickets',
    'airlines',
    'hotels',
    'hotel',
    'lodging',
    'rental car',
    'car rental',
  ],
  PersonalCare: [
    'personal care',
    'haircut',
    'haircuts',
    'hair',
    'salon',
    'barber',
    'spa',
    'beauty',
    'cosmetics',
    'makeup',
    'nails',
    'skincare',
    'toiletries',
  ],
  Education: [
    'education',
    'tuition',
    'school',
    'college',
    'university',
    'courses',
    'classes',
    'textbooks',
    'childcare',
    'daycare',
  ],
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
  const found: { at: number; code: CategoryCode }[] = [];
  for (let i = 0; i < words.length; i++) {
    for (const entry of ENTRIES) {
      const n = entry.words.length;
      const span = words.slice(i, i + n);
      if (span.length < n || span.some((w, k) => w.used || !sameWord(w.text, entry.words[k] ?? ''))) continue;
      for (const w of span) w.used = true;
      // "Doctor bills", "vet bill": the bill of a category is that category, not a utility.
      const next = words[i + n];
      if (next && !next.used && (next.text === 'bill' || next.text === 'bills')) {
        next.used = true;
        i++;
      }
      found.push({ at: i, code: entry.code });
      i += n - 1;
      break;
    }
  }
  return found.map((f) => f.code);
}

export const SUBSCRIPTIONS_CATEGORY: CategoryCode = CATEGORY.Subscriptions;
