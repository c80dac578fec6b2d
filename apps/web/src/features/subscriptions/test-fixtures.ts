import type {
  detectedSubscription,
  subscription,
  subscriptionCalendar,
  subscriptionPrefill,
  subscriptionSummary,
} from '@tally/shared';
import type { z } from 'zod';

/*
 * Subscriptions as the API sends them: amounts in dollars. Hand them to fakeApi as they are; a test that
 * gives one straight to a component or a function reads it through its schema first
 * (`subscription.parse(aSubscription())`), as the client does, so it holds cents.
 */
type DetectedSubscription = z.input<typeof detectedSubscription>;
type Subscription = z.input<typeof subscription>;
type SubscriptionCalendar = z.input<typeof subscriptionCalendar>;
type SubscriptionPrefill = z.input<typeof subscriptionPrefill>;
type SubscriptionSummary = z.input<typeof subscriptionSummary>;

export const NETFLIX_ID = '5d1f0c8e-3b6a-4c2d-9e7f-000000000001';
export const SPOTIFY_ID = '5d1f0c8e-3b6a-4c2d-9e7f-000000000002';
export const GYM_ID = '5d1f0c8e-3b6a-4c2d-9e7f-000000000003';
export const TRANSACTION_ID = '5d1f0c8e-3b6a-4c2d-9e7f-000000000100';

/** Netflix, $17.99 a month, due Nov 20 2026; override what the test is about. */
export const aSubscription = (over: Partial<Subscription> = {}): Subscription => ({
  id: NETFLIX_ID,
  name: 'Netflix',
  amount: 17.99,
  frequency: 2,
  status: 0,
  category: 1,
  description: null,
  nextDueDate: '2026-11-20',
  isDetected: false,
  autoRenew: true,
  monthlyAmount: 17.99,
  merchantName: null,
  lastChargeDate: null,
  priceChange: null,
  missedDueDate: null,
  createdAt: '2026-10-01T12:00:00.000Z',
  ...over,
});

/**
 * Netflix (price up, detected), a yearly gym membership due next year and Spotify (paused), in the order
 * the server lists them: status, then next due date, then name.
 */
export const threeSubscriptions = (): Subscription[] => [
  aSubscription({
    isDetected: true,
    merchantName: 'Netflix',
    priceChange: { previousAmount: 15.49, date: '2026-10-20' },
  }),
  aSubscription({
    id: GYM_ID,
    name: 'Crunch Fitness',
    amount: 240,
    monthlyAmount: 20,
    frequency: 5,
    category: 5,
    nextDueDate: '2027-02-01',
    missedDueDate: '2026-11-03',
  }),
  aSubscription({
    id: SPOTIFY_ID,
    name: 'Spotify',
    amount: 11.99,
    monthlyAmount: 11.99,
    status: 1,
    nextDueDate: '2026-11-28',
  }),
];

export const aSummary = (over: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  monthlyTotal: 37.99,
  yearlyTotal: 455.88,
  activeCount: 2,
  // The server sorts it, the largest monthly total first.
  categoryBreakdown: [
    { category: 5, categoryName: 'Fitness', count: 1, monthlyTotal: 20 },
    { category: 1, categoryName: 'Streaming', count: 1, monthlyTotal: 17.99 },
  ],
  ...over,
});

/** November 2026's page: Nov 20 has three charges, Nov 3 one. */
export const aCalendar = (over: Partial<SubscriptionCalendar> = {}): SubscriptionCalendar => ({
  startDate: '2026-11-01',
  endDate: '2026-12-12',
  occurrences: [
    { date: '2026-11-03', subscriptionId: GYM_ID, name: 'Crunch Fitness', amount: 24.99, category: 5 },
    { date: '2026-11-20', subscriptionId: NETFLIX_ID, name: 'Netflix', amount: 17.99, category: 1 },
    { date: '2026-11-20', subscriptionId: SPOTIFY_ID, name: 'Spotify', amount: 11.99, category: 1 },
    {
      date: '2026-11-20',
      subscriptionId: '5d1f0c8e-3b6a-4c2d-9e7f-000000000004',
      name: 'Dropbox',
      amount: 11.99,
      category: 2,
    },
    { date: '2026-12-03', subscriptionId: GYM_ID, name: 'Crunch Fitness', amount: 24.99, category: 5 },
  ],
  ...over,
});

let detectedCounter = 0;
/** A detected monthly charge; ids are fresh unless given. */
export const aDetected = (over: Partial<DetectedSubscription> = {}): DetectedSubscription => {
  detectedCounter += 1;
  return {
    id: `7a2b3c4d-5e6f-4a1b-8c9d-${String(detectedCounter).padStart(12, '0')}`,
    merchantName: 'Netflix',
    amount: 17.99,
    frequency: 2,
    confidence: 0.95,
    estimatedNextDue: '2026-11-20',
    relatedTransactionIds: [],
    category: 1,
    occurrences: 14,
    firstChargeDate: '2025-09-20',
    lastChargeDate: '2026-10-20',
    averageIntervalDays: 30.4,
    priceChange: null,
    ...over,
  };
};

export const aPrefill = (over: Partial<SubscriptionPrefill> = {}): SubscriptionPrefill => ({
  transactionId: TRANSACTION_ID,
  name: 'Hulu',
  amount: 18.99,
  frequency: 2,
  category: 1,
  nextDueDate: '2026-12-05',
  ...over,
});
