import { Alert, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type Account, accountTypeLabel } from '@tally/shared';
import { useState } from 'react';
import { FormActions } from '../../components/FormActions';
import { MoneyInput } from '../../components/MoneyInput';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { showAtField } from '../../lib/form';
import { log } from '../../lib/log';
import { MANUAL_TYPE_OPTIONS, manualSubtypeOptions } from '../accounts';
import { useCreateManualAccount, useUpdateManualAccount } from './api/save-manual-account';
import {
  emptyManualAccountForm,
  fieldOfAccountMessage,
  type ManualAccountFormValues,
  manualAccountForm,
  subtypeForType,
  toCreateManualAccountBody,
  toUpdateManualAccountBody,
  validateManualAccountForm,
} from './manual-account-form';

const SAVE_FAILED = 'Failed to save the account. Please try again.';

/** Money owed is entered as owed: a card's or a loan's balance is what the person owes on it. */
function openingBalanceHint(type: string | null): string {
  return type === '2' || type === '4'
    ? 'What you owed when you start tracking it'
    : 'What the account held before the transactions you add';
}

/**
 * A manual account's fields: add one (name, type, subtype, opening balance) or edit one (its type stays).
 * Used in its own dialog and inline where a flow needs an account first (import, add a transaction).
 */
export function ManualAccountForm({
  account = null,
  onSaved,
  onCancel,
  cancelLabel = 'Cancel',
  onPendingChange,
}: {
  account?: Account | null;
  onSaved: (saved: Account) => void;
  onCancel: () => void;
  cancelLabel?: string;
  /** Told when saving starts and ends, so a dialog around the form can refuse to close meanwhile. */
  onPendingChange?: (pending: boolean) => void;
}) {
  const editing = account !== null;
  const create = useCreateManualAccount();
  const update = useUpdateManualAccount();
  const pending = create.isPending || update.isPending;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ManualAccountFormValues>({
    initialValues: account ? manualAccountForm(account) : emptyManualAccountForm(),
    validate: (values) => validateManualAccountForm(values, editing),
  });
  const { values } = form;

  const onSuccess = (saved: Account) => {
    onPendingChange?.(false);
    toast.success(
      editing ? 'Account updated' : 'Manual account added',
      editing ? `Your changes to "${saved.name}" are saved.` : `"${saved.name}" is ready for transactions.`,
      { withIcon: true },
    );
    onSaved(saved);
  };
  const onError = (error: unknown) => {
    onPendingChange?.(false);
    log.warn('Saving a manual account failed', error);
    const message = serverMessage(error, SAVE_FAILED);
    if (!showAtField(form, error, message, fieldOfAccountMessage)) setFormError(message);
  };

  const submit = form.onSubmit((valid) => {
    setFormError(null);
    onPendingChange?.(true);
    if (account) {
      update.mutate({ id: account.id, body: toUpdateManualAccountBody(valid) }, { onSuccess, onError });
    } else {
      create.mutate(toCreateManualAccountBody(valid), { onSuccess, onError });
    }
  });

  const typeProps = form.getInputProps('type');

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit manual account' : 'New manual account'}>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Account name"
          placeholder="e.g. Cash wallet, Credit union checking"
          required
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {editing ? (
            <TextInput
              label="Type"
              value={accountTypeLabel(account.type)}
              readOnly
              disabled
              description="The type of an account stays as it was made"
            />
          ) : (
            <Select
              label="Type"
              required
              data={MANUAL_TYPE_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...typeProps}
              onChange={(type) => {
                form.setFieldValue('type', type);
                form.setFieldValue('subtype', subtypeForType(type, values.subtype));
              }}
            />
          )}
          <Select
            label="Subtype"
            required
            placeholder="Choose a subtype"
            data={manualSubtypeOptions(values.type === null ? null : Number(values.type))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('subtype')}
          />
        </SimpleGrid>
        <MoneyInput
          label="Opening balance"
          placeholder="$0.00"
          description={openingBalanceHint(values.type)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          allowNegative
          min={undefined}
          {...form.getInputProps('openingBalance')}
        />
        <FormActions
          submitLabel={editing ? 'Save Changes' : 'Add Account'}
          cancelLabel={cancelLabel}
          onCancel={onCancel}
          pending={pending}
        />
      </Stack>
    </form>
  );
}
