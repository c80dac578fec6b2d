import {
  CATEGORY,
  centsToDollars,
  type ManualTransactionBody,
  manualTransactionBody,
  type Transaction,
} from '@tally/shared';
import { zodErrors } from '../../lib/form';

/** Which way the money went; the amount field holds its size, so the sign is never typed. */
export type Direction = 'out' | 'in';

/** The transaction dialog's fields as the inputs hold them. */
export type TransactionFormValues = {
  accountId: string | null;
  /** YYYY-MM-DD, or null while the date input is empty. */
  date: string | null;
  description: string;
  direction: Direction;
  /** The size in dollars; '' while the input is empty. */
  amount: number | '';
  /** The category code as text (the select's value). */
  category: string;
  note: string;
};

/** A new transaction: today, money out (most hand-kept entries are spending), not yet categorised. */
export const emptyTransactionForm = (today: string, accountId: string | null): TransactionFormValues => ({
  accountId,
  date: today,
  description: '',
  direction: 'out',
  amount: '',
  category: String(CATEGORY.Uncategorized),
  note: '',
});

export const transactionForm = (t: Transaction): TransactionFormValues => ({
  accountId: t.accountId,
  date: t.date,
  description: t.description,
  direction: t.amount < 0 ? 'out' : 'in',
  amount: centsToDollars(Math.abs(t.amount)),
  category: String(t.category),
  note: t.note ?? '',
});

/** The amount with the app's sign (positive = money in); null while no size is typed. */
export function signedAmount(direction: Direction, size: number | ''): number | null {
  if (size === '') return null;
  // A typed size is never negative (the input refuses a minus); 0 stays 0, never -0.
  const magnitude = Math.abs(size);
  return direction === 'out' && magnitude !== 0 ? -magnitude : magnitude;
}

/** What the fields say in the request's shape; missing values stay missing so the schema names them. */
function draft(values: TransactionFormValues) {
  const note = values.note.trim();
  return {
    accountId: values.accountId ?? '',
    date: values.date ?? '',
    description: values.description,
    amount: signedAmount(values.direction, values.amount) ?? undefined,
    category: Number(values.category),
    note: note === '' ? null : note,
  };
}

/** Every field's error: the shared schema's words, plus plain ones for fields left empty. */
export function validateTransactionForm(values: TransactionFormValues): Record<string, string> {
  const errors = zodErrors(manualTransactionBody, draft(values));
  if (values.date === null) errors.date = 'Choose a date';
  if (values.amount === '') errors.amount = 'Enter the amount';
  return errors;
}

/** The request body (POST and PUT take the same); call once the form is valid. */
export function toManualTransactionBody(values: TransactionFormValues): ManualTransactionBody {
  return manualTransactionBody.parse(draft(values));
}

/** The field a message from the server is about, else null. */
export function fieldOfTransactionMessage(message: string): keyof TransactionFormValues | null {
  if (message.startsWith('Description')) return 'description';
  if (message.startsWith('Amount')) return 'amount';
  if (message.startsWith('Note')) return 'note';
  if (message === 'Choose an account' || message === 'Account not found') return 'accountId';
  if (message === 'Unknown category') return 'category';
  if (message === 'Not a real date' || message.startsWith('Use a date')) return 'date';
  return null;
}
