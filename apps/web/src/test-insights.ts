import type { insight, insightFigure } from '@tally/shared';
import type { z } from 'zod';

/*
 * Insights as the API sends them: amounts in dollars. Hand them to fakeApi as they are; a test that gives
 * one straight to a component or a function reads it through its schema first (`insight.parse(anInsight())`),
 * as the client does, so its figures hold cents.
 */
type Insight = z.input<typeof insight>;
type InsightFigure = z.input<typeof insightFigure>;

export const DINING_INSIGHT_ID = '5e1d2c3b-4a59-4f68-9d7e-000000000001';
export const FORECAST_INSIGHT_ID = '5e1d2c3b-4a59-4f68-9d7e-000000000002';
export const NETFLIX_INSIGHT_ID = '5e1d2c3b-4a59-4f68-9d7e-000000000003';
export const SAVINGS_INSIGHT_ID = '5e1d2c3b-4a59-4f68-9d7e-000000000004';

export const aFigure = (over: Partial<InsightFigure> = {}): InsightFigure => ({
  label: 'Last 30 days',
  amount: 412.5,
  source: {
    description: 'Dining Out, Oct 28 – Nov 26, 2026',
    startDate: '2026-10-28',
    endDate: '2026-11-26',
    category: 21,
    merchant: null,
    transactionCount: 14,
  },
  ...over,
});

/** Dining out well above its usual level: high priority, 82% sure, two sums of transactions and the budget. */
export const anInsight = (over: Partial<Insight> = {}): Insight => ({
  id: DINING_INSIGHT_ID,
  type: 'spending',
  priority: 'high',
  title: 'Dining Out is up 38%',
  message: 'You spent $412.50 on Dining Out in the last 30 days, $114.00 more than usual.',
  confidence: 0.82,
  actionSuggestion: 'Set a weekly limit for Dining Out, or cook at home twice more a week.',
  generatedAt: '2026-11-26T09:00:00.000Z',
  context: 'budget',
  figures: [
    aFigure(),
    aFigure({
      label: 'Previous 90 days',
      amount: 895.5,
      source: {
        description: 'Dining Out, Jul 30 – Oct 27, 2026',
        startDate: '2026-07-30',
        endDate: '2026-10-27',
        category: 21,
        merchant: null,
        transactionCount: 1,
      },
    }),
    aFigure({
      label: 'Budget',
      amount: 300,
      source: {
        description: 'Dining Out budget, Nov 1 – Nov 30, 2026',
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        category: 21,
        merchant: null,
        transactionCount: null,
      },
    }),
  ],
  ...over,
});

/** A month-end forecast (medium), with a figure no transactions stand behind. */
export const aForecast = (over: Partial<Insight> = {}): Insight =>
  anInsight({
    id: FORECAST_INSIGHT_ID,
    type: 'prediction',
    priority: 'medium',
    title: 'Cash may run low by Nov 30',
    message: 'At your usual pace you will have $180.00 in checking on Nov 30.',
    confidence: 0.64,
    actionSuggestion: null,
    context: 'dashboard',
    figures: [
      aFigure({
        label: 'Cash now',
        amount: 1520,
        source: {
          description: 'Cash in checking and savings accounts',
          startDate: null,
          endDate: '2026-11-26',
          category: null,
          merchant: null,
          transactionCount: null,
        },
      }),
    ],
    ...over,
  });

/** A subscription's price rise (low), its figure searched for by merchant. */
export const aPriceRise = (over: Partial<Insight> = {}): Insight =>
  anInsight({
    id: NETFLIX_INSIGHT_ID,
    type: 'recommendation',
    priority: 'low',
    title: 'Netflix raised its price',
    message: 'Netflix went from $15.49 to $17.99 a charge on Nov 3.',
    confidence: 0.9,
    actionSuggestion: 'Check that Netflix is still worth $17.99, or look for a cheaper plan.',
    context: 'subscriptions',
    figures: [
      aFigure({
        label: 'New price',
        amount: 17.99,
        source: {
          description: 'Netflix charges from Nov 3',
          startDate: '2026-11-03',
          endDate: '2026-11-26',
          category: null,
          merchant: null,
          searchTerm: 'Netflix',
          transactionCount: null,
        },
      }),
    ],
    ...over,
  });

/** A goal behind its pace, for the Savings screen. */
export const aSavingsInsight = (over: Partial<Insight> = {}): Insight =>
  anInsight({
    id: SAVINGS_INSIGHT_ID,
    type: 'savings',
    priority: 'medium',
    title: 'Emergency fund is behind',
    message: 'Emergency fund has $1,250.00 saved; an even pace would have $1,600.00 by now.',
    confidence: 0.75,
    context: 'savings',
    figures: [],
    ...over,
  });
