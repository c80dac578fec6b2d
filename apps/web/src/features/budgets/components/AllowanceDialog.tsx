import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type Cents,
  type CountUpStatusResponse,
  centsToDollars,
  countUpSettingsBody,
  dollarsToCents,
  formatMoney,
} from '@tally/shared';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { toast } from '../../../components/toast';
import { zodErrors } from '../../../lib/form';
import { log } from '../../../lib/log';
import { useUpdateCountUpSettings } from '../api/update-count-up-settings';
import type { AmountValue } from '../budget-form';

/** The allowance a category earns each day with its allocation split evenly over the period. */
const evenSplit = (status: CountUpStatusResponse) =>
  status.totalDays > 0 ? Math.round(status.allocatedAmount / status.totalDays) : 0;

/** Set daily allowance: a custom amount a count-up category earns each day, or back to the even split. */
export function AllowanceDialog({
  status,
  custom,
  opened,
  onClose,
}: {
  status: CountUpStatusResponse | null;
  /** The custom allowance now set; null when the category uses the even split. */
  custom: Cents | null;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useUpdateCountUpSettings();
  const form = useForm<{ allowance: AmountValue }>({
    // The field takes dollars, as typed.
    initialValues: { allowance: custom === null ? '' : centsToDollars(custom) },
    validate: ({ allowance }) => {
      if (allowance === '') return { allowance: 'Enter a daily allowance' };
      const errors = zodErrors(countUpSettingsBody, {
        categoryId: status?.categoryId,
        customDailyAllowance: allowance,
      });
      return errors.customDailyAllowance ? { allowance: errors.customDailyAllowance } : {};
    },
  });
  if (!status) return null;
  const even = evenSplit(status);

  /** Sends dollars as typed (the request body's unit), or null for the even split. */
  const send = (customDailyAllowance: number | null) =>
    save.mutate(
      { categoryId: status.categoryId, customDailyAllowance },
      {
        onSuccess: () => {
          toast.success(
            'Daily allowance updated',
            customDailyAllowance === null
              ? `${status.categoryName} is back to the even split of ${formatMoney(even)} a day.`
              : `${status.categoryName} now earns ${formatMoney(dollarsToCents(customDailyAllowance))} a day.`,
          );
          onClose();
        },
        onError: (error) => {
          log.warn('Updating the daily allowance failed', error);
          toast.error('Error', 'Failed to update the daily allowance. Please try again.');
        },
      },
    );

  const submit = form.onSubmit(({ allowance }) => send(allowance === '' ? null : allowance));

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={save.isPending}
      title={`${status.categoryName} daily allowance`}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Split evenly, {formatMoney(status.allocatedAmount)} over {status.totalDays} days earns{' '}
            {formatMoney(even)} a day. Set your own amount to earn faster or slower than that.
          </Text>
          <MoneyInput
            label="Daily allowance"
            required
            data-autofocus
            {...form.getInputProps('allowance')}
            onChange={(value) => form.setFieldValue('allowance', value)}
          />
          <Group justify="space-between" gap="xs">
            {custom !== null ? (
              <Button variant="subtle" onClick={() => send(null)} disabled={save.isPending}>
                Use even split
              </Button>
            ) : (
              <span />
            )}
            <FormActions submitLabel="Save" onCancel={onClose} pending={save.isPending} />
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
