import '@mantine/dates/styles.css';
import {
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  dollarsToCents,
  FREQUENCY_LABELS,
  formatMoney,
  MAX_SUBSCRIPTION_AMOUNT,
  MAX_SUBSCRIPTION_DESCRIPTION_LENGTH,
  monthlyEquivalent,
  SUBSCRIPTION_CATEGORY_LABELS,
  SUBSCRIPTION_FREQUENCIES,
  SUBSCRIPTION_STATUS_LABELS,
  type Subscription,
  type SubscriptionFrequency,
  type SubscriptionPrefill,
} from '@tally/shared';
import type { ReactNode } from 'react';
import { CountedTextarea } from '../../../components/CountedTextarea';
import { DayInput } from '../../../components/DayInput';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { toast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { showAtField } from '../../../lib/form';
import { log } from '../../../lib/log';
import { useCreateSubscription } from '../api/create-subscription';
import { useUpdateSubscription } from '../api/update-subscription';
import {
  emptySubscriptionForm,
  fieldOfServerMessage,
  prefilledForm,
  type SubscriptionFormValues,
  subscriptionForm,
  toCreateBody,
  toUpdateBody,
  validateSubscriptionForm,
} from '../subscription-form';

const FREQUENCY_OPTIONS = Object.values(SUBSCRIPTION_FREQUENCIES).map((f) => ({
  value: String(f),
  label: FREQUENCY_LABELS[f],
}));
const CATEGORY_OPTIONS = Object.entries(SUBSCRIPTION_CATEGORY_LABELS).map(([value, label]) => ({
  value,
  label,
}));
const STATUS_OPTIONS = Object.entries(SUBSCRIPTION_STATUS_LABELS).map(([value, label]) => ({ value, label }));

const SAVE_FAILED = 'Failed to save subscription';

export type SubscriptionDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Edit this subscription; without it, a new one is added. */
  subscription?: Subscription | null;
  /** Mark as Recurring: a new subscription started from this transaction. */
  prefill?: SubscriptionPrefill | null;
  /** The prefill is still on its way: the fields wait for it. */
  loading?: boolean;
  /** The person's today: defaults count from it and a due date before it is refused. */
  today: string;
  /** What the success toast says instead of the usual words (Mark as Recurring offers a way to the list). */
  savedMessage?: (saved: Subscription) => ReactNode;
};

/** Add Subscription, Edit Subscription, and Mark as Recurring's prefilled add (SPEC §2, §5). */
export function SubscriptionDialog({
  opened,
  onClose,
  subscription,
  prefill,
  loading = false,
  today,
  savedMessage,
}: SubscriptionDialogProps) {
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={create.isPending || update.isPending}
      title={subscription ? 'Edit Subscription' : 'Add Subscription'}
      size="lg"
    >
      {loading ? (
        <FormSkeleton />
      ) : (
        <SubscriptionForm
          subscription={subscription ?? null}
          prefill={prefill ?? null}
          today={today}
          onClose={onClose}
          savedMessage={savedMessage}
          create={create}
          update={update}
        />
      )}
    </Dialog>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">Preparing the subscription…</VisuallyHidden>
      {['name', 'amount', 'category', 'description'].map((key) => (
        <div key={key}>
          <Skeleton h={12} w={90} mb={8} />
          <Skeleton h={36} />
        </div>
      ))}
      <Group justify="flex-end">
        <Skeleton h={36} w={96} />
        <Skeleton h={36} w={150} />
      </Group>
    </Stack>
  );
}

type FormProps = {
  subscription: Subscription | null;
  prefill: SubscriptionPrefill | null;
  today: string;
  onClose: () => void;
  savedMessage?: (saved: Subscription) => ReactNode;
  create: ReturnType<typeof useCreateSubscription>;
  update: ReturnType<typeof useUpdateSubscription>;
};

function SubscriptionForm({
  subscription,
  prefill,
  today,
  onClose,
  savedMessage,
  create,
  update,
}: FormProps) {
  const editing = subscription !== null;
  const pending = create.isPending || update.isPending;
  const form = useForm<SubscriptionFormValues>({
    initialValues: subscription
      ? subscriptionForm(subscription)
      : prefill
        ? prefilledForm(prefill, today)
        : emptySubscriptionForm(today),
    validate: (values) =>
      validateSubscriptionForm(values, { today, editing, savedDueDate: subscription?.nextDueDate }),
  });
  const { values } = form;

  const onSaved = (saved: Subscription) => {
    if (editing) toast.success('Subscription updated', `Your changes to "${saved.name}" are saved.`);
    else toast.success('Subscription added', savedMessage?.(saved) ?? `"${saved.name}" is now tracked.`);
    onClose();
  };
  const onFailed = (error: unknown) => {
    log.warn('Saving the subscription failed', error);
    const message = serverMessage(error, SAVE_FAILED);
    // A field rule the server applied (the due date in the person's time zone) shows at its field too.
    showAtField(form, error, message, fieldOfServerMessage);
    toast.error('Error saving subscription', message);
  };

  const submit = form.onSubmit((valid) => {
    if (subscription) {
      update.mutate(
        { id: subscription.id, body: toUpdateBody(valid) },
        { onSuccess: onSaved, onError: onFailed },
      );
    } else {
      create.mutate(toCreateBody(valid, prefill?.transactionId), { onSuccess: onSaved, onError: onFailed });
    }
  });

  const monthlyHint = monthlyHintFor(values);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {prefill && (
          <Text fz="sm" c="dimmed">
            From your charge at {prefill.name}. Check the details, then add it to follow its future charges.
          </Text>
        )}
        <TextInput
          label="Name"
          placeholder="e.g. Netflix"
          required
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <MoneyInput
            label="Amount"
            placeholder="$0.00"
            required
            description={monthlyHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('amount')}
          />
          <Select
            label="Frequency"
            data={FREQUENCY_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('frequency')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label="Category"
            data={CATEGORY_OPTIONS}
            allowDeselect={false}
            maxDropdownHeight={260}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('category')}
          />
          <DayInput
            label="Next due date"
            placeholder="Pick a date"
            required
            clearable
            {...form.getInputProps('nextDueDate')}
          />
        </SimpleGrid>
        {editing && (
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('status')}
          />
        )}
        <CountedTextarea
          label="Description"
          placeholder="Plan, account or anything to remember"
          rows={3}
          max={MAX_SUBSCRIPTION_DESCRIPTION_LENGTH}
          {...form.getInputProps('description')}
        />
        <Switch
          label="Auto-renew"
          description="It renews by itself at each due date"
          {...form.getInputProps('autoRenew', { type: 'checkbox' })}
        />
        <FormActions
          submitLabel={editing ? 'Save Changes' : 'Add Subscription'}
          onCancel={onClose}
          pending={pending}
          mt="xs"
        />
      </Stack>
    </form>
  );
}

/** '≈ $6.49 a month' under the amount when it is not charged monthly (what the totals count). */
function monthlyHintFor(values: SubscriptionFormValues): string | undefined {
  const frequency = Number(values.frequency) as SubscriptionFrequency;
  if (values.amount === '' || values.amount <= 0 || values.amount > MAX_SUBSCRIPTION_AMOUNT) return undefined;
  if (frequency === SUBSCRIPTION_FREQUENCIES.Monthly || frequency === SUBSCRIPTION_FREQUENCIES.Custom)
    return undefined;
  try {
    return `≈ ${formatMoney(monthlyEquivalent(dollarsToCents(values.amount), frequency))} a month`;
  } catch {
    return undefined;
  }
}
