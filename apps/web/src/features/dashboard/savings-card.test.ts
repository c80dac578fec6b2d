import { savingsGoalList } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { daysRemainingText, moreGoalsText, savingsCardView } from './savings-card';
import { numberedGoals } from './test-fixtures';

describe('dashboard savings card', () => {
  // As the client reads them: in cents.
  const goals = savingsGoalList.parse(numberedGoals(5));
  it.each([
    [0, { kind: 'empty' }],
    [1, { kind: 'one', goal: goals[0] }],
    [2, { kind: 'many', shown: goals.slice(0, 2), more: 0 }],
    [3, { kind: 'many', shown: goals.slice(0, 3), more: 0 }],
    [5, { kind: 'many', shown: goals.slice(0, 3), more: 2 }],
  ])('with %i goals shows %o', (count, view) => {
    expect(savingsCardView(goals.slice(0, count))).toEqual(view);
  });

  it('counts the goals it leaves out', () => {
    expect(moreGoalsText(1)).toBe('and 1 more goal');
    expect(moreGoalsText(4)).toBe('and 4 more goals');
  });

  it('says the days remaining, or that there is no deadline', () => {
    expect(daysRemainingText(null)).toBe('No deadline');
    expect(daysRemainingText(1)).toBe('1 day');
    expect(daysRemainingText(230)).toBe('230 days');
  });
});
