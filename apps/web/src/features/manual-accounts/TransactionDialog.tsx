import '@mantine/dates/styles.css';
import { Alert, Button, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type Account, MAX_NOTE_LENGTH, type Transaction } from '@tally/shared';
import { useEffect, useState } from 'react';
import { DayInput } from '../../components/DayInput';
import { Dialog } from '../../components/Dialog';
import { FormActions } from '../../components/FormActions';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { showAtField } from '../../lib/form';
import { log } from '../../lib/log';
import { categorySelectData } from '../transactions';
import { useCreateManualTransaction, useUpdateManualTransaction } from './api/save-manual-transaction';
import { ManualAccountForm } from './ManualAccountForm';
import { SignedAmountInput } from './SignedAmountInput';
import {
  emptyTransactionForm,
  fieldOfTransactionMessage,
  type TransactionFormValues,
  toManualTransactionBody,
  transactionForm,
  validateTransactionForm,
} from './transaction-form';

const CATEGORY_DATA = categorySelectData();
const SAVE_FAILED = 'Failed to save the transaction. Please try again.';

export type TransactionDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The person's active accounts; transactions are typed into the manual ones. */
  accounts: readonly Account[];
  /** Edit this transaction (one in a manual account); without it, a new one is added. */
  transaction?: Transaction | null;
  /** The account a new transaction goes to at first. */
  accountId?: string | null;
  /** The person's today: a new transaction's date. */
  today: string;
};

/**
 * Add a transaction by hand, or edit one kept by hand: account, date, description, amount (money in or
 * out), category and note. Without a manual account yet, it offers to make one first.
 */
export function TransactionDialog({
  opened,
  onClose,
  accounts,
  transaction = null,
  accountId = null,
  today,
}: TransactionDialogProps) {
  // Accounts made here, until the accounts list has been fetched again with them.
  const [made, setMade] = useState<Account[]>([]);
  const manual = [...accounts, ...made.filter((m) => !accounts.some((a) => a.id === m.id))].filter(
    (a) => a.isManual,
  );
  const [pending, setPending] = useState(false);
  const [creatingAccount, setCreatingAccount] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const needsAccount = transaction === null && (manual.length === 0 || creatingAccount);
  const firstAccount =
    createdId ?? (accountId && manual.some((a) => a.id === accountId) ? accountId : (manual[0]?.id ?? null));

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={pending}
      title={transaction ? 'Edit transaction' : needsAccount ? 'Add a manual account' : 'Add transaction'}
      size="lg"
      centered
    >
      {needsAccount ? (
        <Stack gap="md">
          {manual.length === 0 && (
            <Text fz="sm" c="dimmed">
              Transactions you type in are kept in a manual account, such as cash or a bank Tally cannot link.
              Add one first; the transaction comes next.
            </Text>
          )}
          <ManualAccountForm
            onPendingChange={setPending}
            cancelLabel={manual.length === 0 ? 'Cancel' : 'Back'}
            onCancel={() => (manual.length === 0 ? onClose() : setCreatingAccount(false))}
            onSaved={(saved) => {
              setMade((list) => [...list, saved]);
              setCreatedId(saved.id);
              setCreatingAccount(false);
            }}
          />
        </Stack>
      ) : (
        <TransactionForm
          key={`${transaction?.id ?? 'new'}-${createdId ?? ''}`}
          transaction={transaction}
          accounts={manual}
          accountId={firstAccount}
          today={today}
          onPendingChange={setPending}
          onNewAccount={() => setCreatingAccount(true)}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function TransactionForm({
  transaction,
  accounts,
  accountId,
  today,
  onPendingChange,
  onNewAccount,
  onClose,
}: {
  transaction: Transaction | null;
  accounts: Account[];
  accountId: string | null;
  today: string;
  onPendingChange: (pending: boolean) => void;
  onNewAccount: () => void;
  onClose: () => void;
}) {
  const create = useCreateManualTransaction();
  const update = useUpdateManualTransaction();
  const pending = create.isPending || update.isPending;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TransactionFormValues>({
    initialValues: transaction ? transactionForm(transaction) : emptyTransactionForm(today, accountId),
    validate: validateTransactionForm,
  });
  const { values } = form;
  // The accounts may arrive after the form: a new transaction then starts in the first of them.
  useEffect(() => {
    if (form.values.accountId === null && accountId !== null) form.setFieldValue('accountId', accountId);
  }, [accountId, form]);
  const accountOptions = accounts.map((a) => ({ value: a.id, label: a.name }));
  const noteLength = values.note.length;

  const onSuccess = (saved: Transaction) => {
    onPendingChange(false);
    if (transaction)
      toast.success('Transaction updated', `Your changes to "${saved.description}" are saved.`);
    else toast.success('Transaction added', `"${saved.description}" was added to ${saved.accountName}.`);
    onClose();
  };
  const onError = (error: unknown) => {
    onPendingChange(false);
    log.warn('Saving a hand-entered transaction failed', error);
    const message = serverMessage(error, SAVE_FAILED);
    if (!showAtField(form, error, message, fieldOfTransactionMessage)) setFormError(message);
  };

  const submit = form.onSubmit((valid) => {
    setFormError(null);
    onPendingChange(true);
    const body = toManualTransactionBody(valid);
    if (transaction) update.mutate({ id: transaction.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <div>
          <Select
            label="Account"
            required
            data={accountOptions}
            allowDeselect={false}
            placeholder="Choose an account"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('accountId')}
          />
          {!transaction && (
            <Button variant="subtle" size="compact-sm" mt={4} px={4} onClick={onNewAccount}>
              New manual account
            </Button>
          )}
        </div>
        <TextInput
          label="Description"
          required
          placeholder="e.g. Farmers market"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('description')}
        />
        <SignedAmountInput
          direction={values.direction}
          amount={values.amount}
          onDirectionChange={(direction) => form.setFieldValue('direction', direction)}
          onAmountChange={(amount) => form.setFieldValue('amount', amount)}
          error={form.errors.amount}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DayInput label="Date" required placeholder="Pick a date" {...form.getInputProps('date')} />
          <Select
            label="Category"
            data={CATEGORY_DATA}
            allowDeselect={false}
            searchable
            maxDropdownHeight={280}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('category')}
          />
        </SimpleGrid>
        <Textarea
          label="Note"
          placeholder="Anything to remember about it"
          rows={2}
          resize="vertical"
          description={`${noteLength}/${MAX_NOTE_LENGTH}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('note')}
        />
        <FormActions
          submitLabel={transaction ? 'Save Changes' : 'Add Transaction'}
          onCancel={onClose}
          pending={pending}
        />
      </Stack>
    </form>
  );
}
