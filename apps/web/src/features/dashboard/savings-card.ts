import type { SavingsGoal } from '@tally/shared';

/** SPEC §9: the dashboard's card lists up to three goals. */
export const CARD_GOALS = 3;

/** SPEC §4's states of the card once the goals are in: none, one in detail, or several in a list. */
export type SavingsCardView =
  | { kind: 'empty' }
  | { kind: 'one'; goal: SavingsGoal }
  | { kind: 'many'; shown: SavingsGoal[]; more: number };

/** The card's view of the goals, in the order the server lists them. */
export function savingsCardView(goals: readonly SavingsGoal[]): SavingsCardView {
  const [first] = goals;
  if (!first) return { kind: 'empty' };
  if (goals.length === 1) return { kind: 'one', goal: first };
  return { kind: 'many', shown: goals.slice(0, CARD_GOALS), more: Math.max(0, goals.length - CARD_GOALS) };
}

/** 'and 1 more goal', 'and 4 more goals'. */
export const moreGoalsText = (more: number) => `and ${more} more goal${more === 1 ? '' : 's'}`;

/** 'No deadline', '1 day', '230 days'. */
export function daysRemainingText(days: number | null): string {
  if (days === null) return 'No deadline';
  return `${days} day${days === 1 ? '' : 's'}`;
}
