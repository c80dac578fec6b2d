import { describe, expect, it } from 'vitest';
import { isEditable, pastBudgets, shownBudget } from './past-budgets';
import { aBudget, aListItem, aPastBudget, BUDGET_ID, PAST_ID } from './test-fixtures';

const active = aListItem();
const past = aListItem(aPastBudget());
const older = aListItem(aPastBudget({ id: '0b7a4c2e-1d3f-4a5b-8c6d-000000000003', name: 'September plan' }));

describe('pastBudgets', () => {
  it('keeps the archived budgets in the list order (newest first), without the active one', () => {
    expect(pastBudgets([active, past, older]).map((b) => b.name)).toEqual(['October plan', 'September plan']);
    expect(pastBudgets([active])).toEqual([]);
    expect(pastBudgets([])).toEqual([]);
  });
});

describe('shownBudget', () => {
  it.each([
    { case: 'no id: the active budget', list: [active, past], id: null, expected: { kind: 'active' } },
    {
      case: 'no id and no active budget: still the active (empty) state',
      list: [past],
      id: null,
      expected: { kind: 'active' },
    },
    {
      case: "the active budget's own id",
      list: [active, past],
      id: BUDGET_ID,
      expected: { kind: 'active' },
    },
    {
      case: 'an archived budget',
      list: [active, past],
      id: PAST_ID,
      expected: { kind: 'past', budget: past },
    },
    { case: 'an id the list does not hold', list: [active, past], id: 'nope', expected: { kind: 'missing' } },
    { case: 'any id before the list has budgets', list: [], id: PAST_ID, expected: { kind: 'missing' } },
  ])('$case', ({ list, id, expected }) => {
    expect(shownBudget(list, id)).toEqual(expected);
  });
});

describe('isEditable', () => {
  it('is true only for the active budget (the server refuses edits to any other)', () => {
    expect(isEditable(aBudget())).toBe(true);
    expect(isEditable(aPastBudget())).toBe(false);
  });
});
