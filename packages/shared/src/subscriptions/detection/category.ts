// The subscription category a detected merchant most likely belongs to.
import { CATEGORY } from '../../transactions/categories';
import { SUBSCRIPTION_CATEGORY, type SubscriptionCategory } from '../subscriptions.schema';

// ---------------------------------------------------------------------------------------------------------
// Categories
import type { DetectionTransaction } from './types';

const BY_PROVIDER: Record<string, SubscriptionCategory> = {
  ENTERTAINMENT_TV_AND_MOVIES: SUBSCRIPTION_CATEGORY.Streaming,
  ENTERTAINMENT_MUSIC_AND_AUDIO: SUBSCRIPTION_CATEGORY.Streaming,
  ENTERTAINMENT_VIDEO_GAMES: SUBSCRIPTION_CATEGORY.Gaming,
  GENERAL_SERVICES_STORAGE: SUBSCRIPTION_CATEGORY.Software,
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: SUBSCRIPTION_CATEGORY.Fitness,
  GENERAL_MERCHANDISE_ONLINE_MARKETPLACES: SUBSCRIPTION_CATEGORY.Shopping,
  GENERAL_MERCHANDISE_SUPERSTORES: SUBSCRIPTION_CATEGORY.Shopping,
  GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS: SUBSCRIPTION_CATEGORY.News,
  GENERAL_SERVICES_EDUCATION: SUBSCRIPTION_CATEGORY.Education,
  GENERAL_SERVICES_INSURANCE: SUBSCRIPTION_CATEGORY.Insurance,
  GENERAL_SERVICES_CONSULTING_AND_LEGAL: SUBSCRIPTION_CATEGORY.Professional,
  GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING: SUBSCRIPTION_CATEGORY.Professional,
};

/** Well-known names for when the bank's category says little (GENERAL_SERVICES_OTHER_GENERAL_SERVICES). */
const BY_NAME: readonly [RegExp, SubscriptionCategory][] = [
  [
    /netflix|hulu|disney|hbo|\bmax\b|paramount|peacock|spotify|pandora|tidal|youtube|apple ?tv|apple music|sirius|audible|crunchyroll/,
    SUBSCRIPTION_CATEGORY.Streaming,
  ],
  [
    /openai|chatgpt|anthropic|claude|dropbox|adobe|microsoft|office 365|github|icloud|google (?:one|storage)|notion|1password|lastpass|nordvpn|expressvpn|grammarly|canva|zoom/,
    SUBSCRIPTION_CATEGORY.Software,
  ],
  [/gym|fitness|peloton|yoga|crossfit|strava|classpass/, SUBSCRIPTION_CATEGORY.Fitness],
  [/times|journal|post\b|economist|atlantic|new yorker|substack|medium|news/, SUBSCRIPTION_CATEGORY.News],
  [/xbox|playstation|nintendo|steam|game ?pass|twitch/, SUBSCRIPTION_CATEGORY.Gaming],
  [/coursera|udemy|duolingo|masterclass|skillshare|babbel|brilliant/, SUBSCRIPTION_CATEGORY.Education],
  [/linkedin|quickbooks|docusign|squarespace|shopify|wix/, SUBSCRIPTION_CATEGORY.Professional],
  [/amazon prime|prime video|costco|walmart\+|instacart\+|dashpass|uber one/, SUBSCRIPTION_CATEGORY.Shopping],
];

/** The subscription category a charge most likely belongs to (also what Mark as Recurring suggests). */
export function guessSubscriptionCategory(
  row: Pick<DetectionTransaction, 'description' | 'providerCategory' | 'category'>,
  key: string,
): SubscriptionCategory {
  const names = `${key} ${row.description.toLowerCase()}`;
  const detailed = row.providerCategory?.toUpperCase() ?? '';
  const byProvider = BY_PROVIDER[detailed];
  if (byProvider !== undefined) return byProvider;
  if (detailed.startsWith('RENT_AND_UTILITIES')) return SUBSCRIPTION_CATEGORY.Utilities;
  for (const [pattern, category] of BY_NAME) if (pattern.test(names)) return category;
  switch (row.category) {
    case CATEGORY.Utilities:
      return SUBSCRIPTION_CATEGORY.Utilities;
    case CATEGORY.Insurance:
      return SUBSCRIPTION_CATEGORY.Insurance;
    case CATEGORY.Education:
      return SUBSCRIPTION_CATEGORY.Education;
    case CATEGORY.Shopping:
      return SUBSCRIPTION_CATEGORY.Shopping;
    default:
      return SUBSCRIPTION_CATEGORY.Other;
  }
}
