import {
  addDays,
  centsToDollars,
  SUBSCRIPTION_CATEGORY,
  SUBSCRIPTION_FREQUENCIES,
  SUBSCRIPTION_STATUS,
  type Subscription,
  type SubscriptionBody,
  type SubscriptionCategory,
  type SubscriptionFrequency,
  type SubscriptionPrefill,
  type SubscriptionStatus,
  subscriptionBody,
  updateSubscriptionBody,
} from '@tally/shared';
import { zodErrors } from '../../lib/form';
import type { FullUpdateBody } from './api/update-subscription';

/** The add/edit dialog's fields as the inputs hold them (selects hold their option's number as text). */
export type SubscriptionFormValues = {
  name: string;
  /** Dollars, as typed; '' while the amount input is empty. */
  amount: number | '';
  frequency: string;
  category: string;
  /** YYYY-MM-DD, or null while the date input is empty. */
  nextDueDate: string | null;
  description: string;
  /** Only the edit dialog shows it; a new subscription is Active. */
  status: string;
  autoRenew: boolean;
};

export const PAST_DUE_DATE = 'Due date cannot be in the past';

/** SPEC §5's defaults for a new subscription: Monthly, Active, Other, due tomorrow, auto-renew on. */
export function emptySubscriptionForm(today: string): SubscriptionFormValues {
  return {
    name: '',
    amount: '',
    frequency: String(SUBSCRIPTION_FREQUENCIES.Monthly),
    category: String(SUBSCRIPTION_CATEGORY.Other),
    nextDueDate: addDays(today, 1),
    description: '',
    status: String(SUBSCRIPTION_STATUS.Active),
    autoRenew: true,
  };
}

/** A tracked subscription in the edit dialog. */
export function subscriptionForm(s: Subscription): SubscriptionFormValues {
  return {
    name: s.name,
    amount: centsToDollars(s.amount),
    frequency: String(s.frequency),
    category: String(s.category),
    nextDueDate: s.nextDueDate,
    description: s.description ?? '',
    status: String(s.status),
    autoRenew: s.autoRenew,
  };
}

/** Mark as Recurring: the new-subscription defaults with what the transaction tells. */
export function prefilledForm(prefill: SubscriptionPrefill, today: string): SubscriptionFormValues {
  return {
    ...emptySubscriptionForm(today),
    name: prefill.name,
    amount: centsToDollars(prefill.amount),
    frequency: String(prefill.frequency),
    category: String(prefill.category),
    nextDueDate: prefill.nextDueDate,
  };
}

/** What the fields say, in the request's shape; missing values stay missing so the schema names them. */
function draft(values: SubscriptionFormValues) {
  return {
    name: values.name,
    amount: values.amount === '' ? undefined : values.amount,
    frequency: Number(values.frequency) as SubscriptionFrequency,
    category: Number(values.category) as SubscriptionCategory,
    description: values.description,
    nextDueDate: values.nextDueDate ?? '',
    autoRenew: values.autoRenew,
  };
}

/** POST /subscriptions' body; call once the form is valid. */
export function toCreateBody(values: SubscriptionFormValues, transactionId?: string): SubscriptionBody {
  const body = draft(values);
  return { ...body, amount: body.amount ?? 0, ...(transactionId ? { transactionId } : {}) };
}

/** PUT /subscriptions/{id}'s body; call once the form is valid. */
export function toUpdateBody(values: SubscriptionFormValues): FullUpdateBody {
  const body = draft(values);
  return { ...body, amount: body.amount ?? 0, status: Number(values.status) as SubscriptionStatus };
}

export type ValidationContext = {
  /** The person's today: a due date before it is refused. */
  today: string;
  /**
   * The due date the subscription already has (editing). Kept as it is, it is not refused for being past:
   * a missed charge's date can stay while the person fixes the name, say; the server has the last word.
   */
  savedDueDate?: string;
  editing: boolean;
};

/** Every field's error with SPEC §5's messages, from the shared schema plus the past-date rule. */
export function validateSubscriptionForm(
  values: SubscriptionFormValues,
  { today, savedDueDate, editing }: ValidationContext,
): Record<string, string> {
  const errors = editing
    ? zodErrors(updateSubscriptionBody, { ...draft(values), status: Number(values.status) })
    : zodErrors(subscriptionBody, draft(values));
  const due = values.nextDueDate;
  if (!errors.nextDueDate && due && due < today && due !== savedDueDate) errors.nextDueDate = PAST_DUE_DATE;
  return errors;
}

/**
 * The field a message the server sent belongs to, when it is one of SPEC §5's field messages (the server
 * checks the due date in the person's time zone, which can disagree with this browser's clock).
 */
export function fieldOfServerMessage(message: string): keyof SubscriptionFormValues | null {
  if (message === PAST_DUE_DATE || message === 'Next due date is required') return 'nextDueDate';
  if (message === 'Subscription name is required' || message === 'Name must be less than 100 characters')
    return 'name';
  if (message === 'Amount must be greater than 0' || message === 'Amount must be less than $10,000')
    return 'amount';
  if (message === 'Description must be less than 500 characters') return 'description';
  return null;
}
