import type { Cents } from '../../money';
import type { CategoryCode } from '../../transactions/categories';
import type { SubscriptionFrequency } from '../schedule';
import type { SubscriptionCategory } from '../subscriptions.schema';

// What detection takes and gives (detect.ts).

export type DetectionTransaction = {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** Our sign: negative = money out. */
  amount: Cents;
  merchantName: string | null;
  /** The raw bank descriptor, e.g. 'NETFLIX.COM 866-579-7172 CA'. */
  description: string;
  category: CategoryCode;
  /** Plaid's detailed category, e.g. 'ENTERTAINMENT_TV_AND_MOVIES'. */
  providerCategory: string | null;
  isTransfer: boolean;
};

export type DetectOptions = {
  /** The person's today. */
  today: string;
  /** Also consider rent, utilities, insurance and loan payments (default false). */
  includeBills?: boolean;
  /** Merchants already tracked or dismissed, by subscriptionMerchantKey. */
  skipMerchantKeys?: ReadonlySet<string>;
};

export type Detection = {
  merchantKey: string;
  /** The merchant name when the bank gave one, else the tidied descriptor. */
  merchantName: string;
  /** Positive: the latest charge's price. */
  amount: Cents;
  frequency: SubscriptionFrequency;
  /** 0–1; SPEC: 0.8 and above is High (pre-selected), 0.6 and above Medium. */
  confidence: number;
  /** The next charge after the last one, moved forward to today or later. */
  estimatedNextDue: string | null;
  /** The charges of the pattern, oldest first (not one-offs or refunds at the same merchant). */
  relatedTransactionIds: string[];
  category: SubscriptionCategory;
  occurrences: number;
  firstChargeDate: string;
  lastChargeDate: string;
  /** Days per period over the series (a skipped charge does not stretch it), one decimal. */
  averageIntervalDays: number;
  /** The latest price change: the price before it and the day of the first charge at the new price. */
  priceChange: { previousAmount: Cents; date: string } | null;
};

/** Suggestions below this are not worth a person's attention. */
export const MIN_DETECTION_CONFIDENCE = 0.5;
