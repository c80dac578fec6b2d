import {
  type Account,
  type CreateManualAccountBody,
  centsToDollars,
  createManualAccountBody,
  type UpdateManualAccountBody,
  updateManualAccountBody,
} from '@tally/shared';
import { zodErrors } from '../../lib/form';
import { manualSubtypeOptions } from '../accounts';

/** The manual-account dialog's fields as the inputs hold them (the type select holds its code as text). */
export type ManualAccountFormValues = {
  name: string;
  type: string | null;
  subtype: string | null;
  /** Dollars; '' while the input is empty, which means 0. */
  openingBalance: number | '';
};

/** A new account starts as a checking account, the most common kind kept by hand. */
export const emptyManualAccountForm = (): ManualAccountFormValues => ({
  name: '',
  type: '0',
  subtype: 'checking',
  openingBalance: '',
});

export const manualAccountForm = (account: Account): ManualAccountFormValues => ({
  name: account.name,
  type: String(account.type),
  subtype: account.subtype,
  openingBalance: centsToDollars(account.openingBalance ?? 0),
});

/**
 * A new type keeps the subtype only if it still belongs; a type with a single subtype (a credit card)
 * takes it, and otherwise the person chooses.
 */
export function subtypeForType(type: string | null, subtype: string | null): string | null {
  const options = manualSubtypeOptions(type === null ? null : Number(type));
  if (subtype && options.some((o) => o.value === subtype)) return subtype;
  return options.length === 1 ? (options[0]?.value ?? null) : null;
}

/** What the fields say in the request's shape; missing values stay missing so the schema names them. */
function draft(values: ManualAccountFormValues) {
  return {
    name: values.name,
    type: values.type === null ? undefined : Number(values.type),
    subtype: values.subtype ?? undefined,
    openingBalance: values.openingBalance === '' ? 0 : values.openingBalance,
  };
}

/** Every field's error in the server's own words: the shared schema the route parses with. */
export function validateManualAccountForm(values: ManualAccountFormValues, editing: boolean) {
  return zodErrors(editing ? updateManualAccountBody : createManualAccountBody, draft(values));
}

/** POST /accounts/manual's body; call once the form is valid. */
export function toCreateManualAccountBody(values: ManualAccountFormValues): CreateManualAccountBody {
  return createManualAccountBody.parse(draft(values));
}

/** PUT /accounts/manual/{id}'s body; call once the form is valid. */
export function toUpdateManualAccountBody(values: ManualAccountFormValues): UpdateManualAccountBody {
  return updateManualAccountBody.parse(draft(values));
}

/** The field a message from the server is about (the schema's messages name their field), else null. */
export function fieldOfAccountMessage(message: string): keyof ManualAccountFormValues | null {
  if (message.startsWith('Account name')) return 'name';
  if (message.startsWith('Opening balance')) return 'openingBalance';
  if (/subtype/i.test(message)) return 'subtype';
  if (message === 'Choose an account type') return 'type';
  return null;
}
