import { subscription, subscriptionPrefill } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  emptySubscriptionForm,
  fieldOfServerMessage,
  prefilledForm,
  type SubscriptionFormValues,
  subscriptionForm,
  toCreateBody,
  toUpdateBody,
  validateSubscriptionForm,
} from './subscription-form';
import { aPrefill, aSubscription, TRANSACTION_ID } from './test-fixtures';

const TODAY = '2026-11-12';
const valid = (over: Partial<SubscriptionFormValues> = {}): SubscriptionFormValues => ({
  ...emptySubscriptionForm(TODAY),
  name: 'Netflix',
  amount: 17.99,
  ...over,
});
const errorsOf = (values: SubscriptionFormValues, editing = false, savedDueDate?: string) =>
  validateSubscriptionForm(values, { today: TODAY, editing, savedDueDate });

describe('subscription form', () => {
  it("starts with SPEC §5's defaults: Monthly, Active, Other, due tomorrow, auto-renew on", () => {
    expect(emptySubscriptionForm(TODAY)).toEqual({
      name: '',
      amount: '',
      frequency: '2',
      category: '99',
      nextDueDate: '2026-11-13',
      description: '',
      status: '0',
      autoRenew: true,
    });
  });

  it('names every missing field at once', () => {
    expect(errorsOf({ ...emptySubscriptionForm(TODAY), nextDueDate: null })).toEqual({
      name: 'Subscription name is required',
      amount: 'Amount must be greater than 0',
      nextDueDate: 'Next due date is required',
    });
    expect(errorsOf(valid({ name: '   ' })).name).toBe('Subscription name is required');
  });

  it.each([
    [{ name: 'x'.repeat(101) }, 'name', 'Name must be less than 100 characters'],
    [{ amount: 0 }, 'amount', 'Amount must be greater than 0'],
    [{ amount: 10_000.01 }, 'amount', 'Amount must be less than $10,000'],
    [{ nextDueDate: '2026-11-11' }, 'nextDueDate', 'Due date cannot be in the past'],
    [{ description: 'y'.repeat(501) }, 'description', 'Description must be less than 500 characters'],
  ] as const)('refuses %o with its message', (over, field, message) => {
    expect(errorsOf(valid(over))).toEqual({ [field]: message });
  });

  it('accepts the limits themselves: 100 characters, $10,000, 500 characters, today', () => {
    expect(
      errorsOf(
        valid({ name: 'x'.repeat(100), amount: 10_000, description: 'y'.repeat(500), nextDueDate: TODAY }),
      ),
    ).toEqual({});
  });

  it('lets an edit keep a due date already past, but not move it into the past', () => {
    const values = subscriptionForm(subscription.parse(aSubscription({ nextDueDate: '2026-11-03' })));
    expect(values.amount).toBe(17.99);
    expect(errorsOf(values, true, '2026-11-03')).toEqual({});
    expect(errorsOf({ ...values, nextDueDate: '2026-11-02' }, true, '2026-11-03')).toEqual({
      nextDueDate: 'Due date cannot be in the past',
    });
  });

  it('sends numbers, no empty description, and the transaction it was marked from', () => {
    expect(toCreateBody(valid({ frequency: '5', category: '1', description: '  ' }), TRANSACTION_ID)).toEqual(
      {
        name: 'Netflix',
        amount: 17.99,
        frequency: 5,
        category: 1,
        description: '  ',
        nextDueDate: '2026-11-13',
        autoRenew: true,
        transactionId: TRANSACTION_ID,
      },
    );
    expect(toUpdateBody(valid({ status: '1' }))).toMatchObject({ status: 1, amount: 17.99 });
    expect(toCreateBody(valid())).not.toHaveProperty('transactionId');
  });

  it('fills Mark as Recurring from the prefill, the rest as for a new one', () => {
    expect(prefilledForm(subscriptionPrefill.parse(aPrefill()), TODAY)).toEqual({
      name: 'Hulu',
      amount: 18.99,
      frequency: '2',
      category: '1',
      nextDueDate: '2026-12-05',
      description: '',
      status: '0',
      autoRenew: true,
    });
  });

  it("places the server's field messages at their field", () => {
    expect(fieldOfServerMessage('Due date cannot be in the past')).toBe('nextDueDate');
    expect(fieldOfServerMessage('Amount must be less than $10,000')).toBe('amount');
    expect(fieldOfServerMessage('Something else went wrong')).toBeNull();
  });
});
