import { overAllocationCap, type SavingsGoal, savingsGoal, savingsGoalList } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  allocationConversion,
  allocationPercentOf,
  capGoals,
  emptyGoalForm,
  fieldOfServerMessage,
  type GoalFormValues,
  goalForm,
  switchAllocationMode,
  toCreateBody,
  toUpdateBody,
  validateGoalForm,
} from './goal-form';
import { aGoal, CAR_ID, EMERGENCY_ID, threeGoals } from './test-fixtures';

// The fixtures as the client holds them once read (cents).
const readGoal = (over?: Parameters<typeof aGoal>[0]) => savingsGoal.parse(aGoal(over));
const readGoals = () => savingsGoalList.parse(threeGoals());

const TODAY = '2026-11-12';
// $400.00 left over so far this period.
const LEFTOVER = 40_000;

const valid = (over: Partial<GoalFormValues> = {}): GoalFormValues => ({
  ...emptyGoalForm(),
  name: 'Emergency fund',
  targetAmount: 5000,
  ...over,
});
const errorsOf = (
  values: GoalFormValues,
  { goals = readGoals(), editing = null as SavingsGoal | null, leftover = LEFTOVER } = {},
) => validateGoalForm(values, { today: TODAY, leftover, goals, editing });

describe('goal form', () => {
  it("starts with SPEC §9's defaults: 10% of each leftover, no deadline, the target icon in blue", () => {
    expect(emptyGoalForm()).toEqual({
      name: '',
      description: '',
      targetAmount: '',
      allocationMode: 'percent',
      allocationPercent: 10,
      allocationAmount: '',
      targetDate: null,
      iconName: 'target',
      colorTheme: 'blue',
      isActive: true,
    });
  });

  it('names every missing field at once', () => {
    expect(errorsOf({ ...emptyGoalForm(), allocationPercent: '' }, { goals: [] })).toEqual({
      name: 'Goal name is required',
      targetAmount: 'Target amount must be greater than 0',
      allocationPercent: 'Allocation must be between 1% and 100%',
    });
    expect(errorsOf(valid({ name: '   ' })).name).toBe('Goal name is required');
  });

  it.each([
    [{ name: 'x'.repeat(101) }, 'name', 'Name must be less than 100 characters'],
    [{ description: 'd'.repeat(501) }, 'description', 'Description must be less than 500 characters'],
    [{ targetAmount: 0 }, 'targetAmount', 'Target amount must be greater than 0'],
    [{ targetAmount: 10_000_000.01 }, 'targetAmount', 'Target amount must be at most $10,000,000'],
    [{ allocationPercent: 0.5 }, 'allocationPercent', 'Allocation must be between 1% and 100%'],
    [{ allocationPercent: 101 }, 'allocationPercent', 'Allocation must be between 1% and 100%'],
    [{ targetDate: TODAY }, 'targetDate', 'Target date must be in the future'],
    [{ targetDate: '2026-01-31' }, 'targetDate', 'Target date must be in the future'],
  ] as const)('refuses %o with its message', (over, field, message) => {
    expect(errorsOf(valid(over), { goals: [] })).toEqual({ [field]: message });
  });

  it('accepts the limits themselves: 100 characters, 500 characters, $1, 1%, 100%, tomorrow', () => {
    const limits = valid({
      name: 'x'.repeat(100),
      description: 'd'.repeat(500),
      targetAmount: 1,
      allocationPercent: 1,
      targetDate: '2026-11-13',
    });
    expect(errorsOf(limits, { goals: [] })).toEqual({});
    expect(errorsOf(valid({ allocationPercent: 100 }), { goals: [] })).toEqual({});
  });

  it('lets an edit keep a target date already past, but not move it into the past', () => {
    const overdue = readGoal({ targetDate: '2026-11-01' });
    const values = goalForm(overdue, LEFTOVER);
    expect(errorsOf({ ...values, name: 'Rainy day fund' }, { editing: overdue })).toEqual({});
    expect(errorsOf({ ...values, targetDate: '2026-11-10' }, { editing: overdue })).toEqual({
      targetDate: 'Target date must be in the future',
    });
  });

  describe('allocation in dollars', () => {
    const dollars = (allocationAmount: number | '') => valid({ allocationMode: 'amount', allocationAmount });

    it("converts dollars with this period's leftover: $50 of $400 is 12.5%", () => {
      expect(allocationPercentOf(dollars(50), LEFTOVER)).toBe(12.5);
      expect(allocationConversion(dollars(50), LEFTOVER)).toBe(
        "= 12.5% of this period's $400.00 leftover so far",
      );
      expect(toCreateBody(dollars(50), LEFTOVER).allocationPercentage).toBe(12.5);
    });

    it('shows a percent in dollars too', () => {
      expect(allocationConversion(valid({ allocationPercent: 10 }), LEFTOVER)).toBe(
        "≈ $40.00 of this period's $400.00 leftover so far",
      );
      expect(allocationConversion(valid({ allocationPercent: '' }), LEFTOVER)).toBeNull();
      expect(allocationConversion(valid(), 0)).toBeNull();
    });

    it('refuses more than the leftover (by a cent even), or under 1% of it, with the range message', () => {
      expect(errorsOf(dollars(400.01), { goals: [] })).toEqual({
        allocationAmount: 'Allocation must be between 1% and 100%',
      });
      expect(errorsOf(dollars(3.95), { goals: [] })).toEqual({
        allocationAmount: 'Allocation must be between 1% and 100%',
      });
      expect(errorsOf(dollars(''), { goals: [] })).toEqual({
        allocationAmount: 'Allocation must be between 1% and 100%',
      });
      expect(errorsOf(dollars(400), { goals: [] })).toEqual({});
    });

    it('cannot be told without a leftover', () => {
      expect(allocationPercentOf(dollars(50), 0)).toBeNull();
      expect(errorsOf(dollars(50), { goals: [], leftover: 0 }).allocationAmount).toBe(
        'Allocation must be between 1% and 100%',
      );
    });

    it('carries the share over when switching: 10% is $40, and $50 back is 12.5%', () => {
      const toDollars = switchAllocationMode(valid(), 'amount', LEFTOVER);
      expect(toDollars).toEqual({ allocationMode: 'amount', allocationPercent: 10, allocationAmount: 40 });
      const back = switchAllocationMode(
        { ...valid(), ...toDollars, allocationAmount: 50 },
        'percent',
        LEFTOVER,
      );
      expect(back).toEqual({ allocationMode: 'percent', allocationPercent: 12.5, allocationAmount: 50 });
      // Nothing to carry: the percent stays as it was.
      expect(switchAllocationMode(dollars(''), 'percent', LEFTOVER).allocationPercent).toBe(10);
    });
  });

  describe('the 100% cap', () => {
    // Emergency 20%, trip 15%, car 30% are active; the laptop's 25% is complete, so it holds none.
    it('counts the active goals that are not complete', () => {
      expect(overAllocationCap(capGoals(readGoals()), null, 35.01)).toBe(35);
      expect(errorsOf(valid({ allocationPercent: 35 }))).toEqual({});
      expect(errorsOf(valid({ allocationPercent: 35.01 }))).toEqual({
        allocationPercent: 'Total allocation would exceed 100%. Available: 35%',
      });
    });

    it('leaves paused goals out', () => {
      const goals = readGoals().map((g) => (g.id === CAR_ID ? { ...g, isActive: false } : g));
      expect(errorsOf(valid({ allocationPercent: 65 }), { goals })).toEqual({});
    });

    it('counts the goal being edited once, at its new percentage', () => {
      const emergency = readGoal();
      // 65% with it at 20%: raising it to 55% makes 100%, 56% makes 101%.
      expect(errorsOf(goalForm(emergency, LEFTOVER), { editing: emergency })).toEqual({});
      expect(
        errorsOf({ ...goalForm(emergency, LEFTOVER), allocationPercent: 55 }, { editing: emergency }),
      ).toEqual({});
      expect(
        errorsOf({ ...goalForm(emergency, LEFTOVER), allocationPercent: 56 }, { editing: emergency }),
      ).toEqual({ allocationPercent: 'Total allocation would exceed 100%. Available: 55%' });
    });

    it('applies to dollars as well, at their percent', () => {
      // 35% of $400 is $140; a cent more is over.
      const over = valid({ allocationMode: 'amount', allocationAmount: 140.04 });
      expect(errorsOf(over)).toEqual({
        allocationAmount: 'Total allocation would exceed 100%. Available: 35%',
      });
      expect(errorsOf({ ...over, allocationAmount: 140 })).toEqual({});
    });

    it('does not hold a goal saved paused, or one its balance completes, to the cap', () => {
      const emergency = readGoal();
      const raised = { ...goalForm(emergency, LEFTOVER), allocationPercent: 90 };
      expect(errorsOf({ ...raised, isActive: false }, { editing: emergency })).toEqual({});
      expect(errorsOf({ ...raised, targetAmount: 1250 }, { editing: emergency })).toEqual({});
    });

    it('says what is available with two decimals at most, never below 0', () => {
      const goals = [
        readGoal({ allocationPercentage: 33.33 }),
        readGoal({ id: CAR_ID, allocationPercentage: 66.67 }),
      ];
      expect(errorsOf(valid({ allocationPercent: 1 }), { goals })).toEqual({
        allocationPercent: 'Total allocation would exceed 100%. Available: 0%',
      });
      expect(errorsOf(valid({ allocationPercent: 50 }), { goals: goals.slice(1) })).toEqual({
        allocationPercent: 'Total allocation would exceed 100%. Available: 33.33%',
      });
    });
  });

  it('fills the edit dialog from the goal, with its share of this leftover in dollars', () => {
    expect(goalForm(readGoal(), LEFTOVER)).toEqual({
      name: 'Emergency fund',
      description: 'Three months of rent',
      targetAmount: 5000,
      allocationMode: 'percent',
      allocationPercent: 20,
      allocationAmount: 80,
      targetDate: '2027-06-30',
      iconName: 'home',
      colorTheme: 'blue',
      isActive: true,
    });
  });

  it('sends the percent, no empty description, and isActive on update', () => {
    const values = valid({
      description: '  ',
      targetDate: '2027-03-01',
      iconName: 'gift',
      colorTheme: 'pink',
    });
    expect(toCreateBody(values, LEFTOVER)).toEqual({
      name: 'Emergency fund',
      description: null,
      targetAmount: 5000,
      allocationPercentage: 10,
      targetDate: '2027-03-01',
      iconName: 'gift',
      colorTheme: 'pink',
    });
    expect(toUpdateBody({ ...values, isActive: false }, LEFTOVER)).toMatchObject({
      isActive: false,
      allocationPercentage: 10,
    });
  });

  it("places the server's field messages at their field", () => {
    expect(fieldOfServerMessage('Target date must be in the future', 'percent')).toBe('targetDate');
    expect(fieldOfServerMessage('Total allocation would exceed 100%. Available: 5%', 'amount')).toBe(
      'allocationAmount',
    );
    expect(fieldOfServerMessage('Goal name is required', 'percent')).toBe('name');
    expect(fieldOfServerMessage('Something else went wrong', 'percent')).toBeNull();
  });

  it('keeps the ids it is given', () => {
    expect(overAllocationCap(capGoals(readGoals()), EMERGENCY_ID, 55.01)).toBe(55);
  });
});
