import '@mantine/dates/styles.css';
import {
  Alert,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  type Cents,
  MAX_GOAL_DESCRIPTION_LENGTH,
  type SavingsGoal,
  type SavingsOverview,
} from '@tally/shared';
import { useId, useState } from 'react';
import { CountedTextarea } from '../../../components/CountedTextarea';
import { DayInput } from '../../../components/DayInput';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { toast } from '../../../components/toast';
import { ApiError, serverMessage } from '../../../lib/api';
import { showAtField } from '../../../lib/form';
import { log } from '../../../lib/log';
import { useCreateGoal } from '../api/create-goal';
import { useUpdateGoal } from '../api/update-goal';
import {
  type AllocationMode,
  allocationConversion,
  emptyGoalForm,
  fieldOfServerMessage,
  type GoalFormValues,
  goalForm,
  switchAllocationMode,
  toCreateBody,
  toUpdateBody,
  validateGoalForm,
} from '../goal-form';
import classes from '../savings.module.css';
import { useCelebrateAchievements } from '../use-celebrate-achievements';
import { GoalColorPicker, GoalIconPicker } from './GoalAppearance';

const CREATE_FAILED = 'Failed to create your savings goal. Please try again.';
const UPDATE_FAILED = 'Failed to update your savings goal. Please try again.';

export type GoalDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Edit this goal; without it, a new one is created. */
  goal: SavingsGoal | null;
  /** The goals and this period's leftover, for the 100% cap and dollars; the server checks again. */
  overview: SavingsOverview | undefined;
  /** The person's today: a target date must come after it. */
  today: string;
};

/** Create and Edit Savings Goal (SPEC §2, §5). */
export function GoalDialog({ opened, onClose, goal, overview, today }: GoalDialogProps) {
  const create = useCreateGoal();
  const update = useUpdateGoal();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={create.isPending || update.isPending}
      title={goal ? 'Edit Savings Goal' : 'Create Savings Goal'}
      size="lg"
      classNames={{ content: classes.dialog }}
    >
      <GoalForm
        goal={goal}
        overview={overview}
        today={today}
        onClose={onClose}
        create={create}
        update={update}
      />
    </Dialog>
  );
}

type FormProps = {
  goal: SavingsGoal | null;
  overview: SavingsOverview | undefined;
  today: string;
  onClose: () => void;
  create: ReturnType<typeof useCreateGoal>;
  update: ReturnType<typeof useUpdateGoal>;
};

function GoalForm({ goal, overview, today, onClose, create, update }: FormProps) {
  const editing = goal !== null;
  const pending = create.isPending || update.isPending;
  const leftover: Cents = overview ? overview.currentPeriodLeftover : 0;
  const goals = overview?.goals ?? [];
  const celebrate = useCelebrateAchievements();
  const [formError, setFormError] = useState<string | null>(null);
  const allocationId = useId();
  const form = useForm<GoalFormValues>({
    initialValues: goal ? goalForm(goal, leftover) : emptyGoalForm(),
    validate: (values) => validateGoalForm(values, { today, leftover, goals, editing: goal }),
  });
  const { values } = form;

  const onFailed = (error: unknown) => {
    const rejected = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (!rejected) log.warn('Saving the savings goal failed', error);
    const message = serverMessage(error, editing ? UPDATE_FAILED : CREATE_FAILED);
    // A rule the server applied (the date in the person's time zone, the cap over the goals it holds) shows
    // at its field; any other reason it gave, above the buttons.
    const fieldOf = (m: string) => fieldOfServerMessage(m, form.getValues().allocationMode);
    if (!showAtField(form, error, message, fieldOf) && rejected && error.code) setFormError(message);
    if (editing) toast.error('Error Updating Goal', UPDATE_FAILED);
    else toast.error('Error Creating Goal', CREATE_FAILED);
  };

  const submit = form.onSubmit((valid) => {
    setFormError(null);
    if (goal) {
      update.mutate(
        { id: goal.id, body: toUpdateBody(valid, leftover) },
        {
          onSuccess: (saved) => {
            toast.success('Goal Updated!', `Your changes to “${saved.name}” are saved.`);
            onClose();
          },
          onError: onFailed,
        },
      );
    } else {
      const announce = celebrate();
      create.mutate(toCreateBody(valid, leftover), {
        onSuccess: (saved) => {
          toast.success(
            'Goal Created!',
            `“${saved.name}” takes ${saved.allocationPercentage}% of each budget period's leftover.`,
          );
          onClose();
          void announce();
        },
        onError: onFailed,
      });
    }
  });

  const switchMode = (mode: AllocationMode) => {
    form.setValues(switchAllocationMode(form.getValues(), mode, leftover));
    form.clearFieldError('allocationPercent');
    form.clearFieldError('allocationAmount');
  };
  const conversion = allocationConversion(values, leftover);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Goal name"
          placeholder="e.g. Emergency fund"
          required
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <CountedTextarea
          label="Description"
          placeholder="What it is for"
          rows={2}
          max={MAX_GOAL_DESCRIPTION_LENGTH}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <MoneyInput
            label="Target amount"
            placeholder="$0.00"
            required
            min={1}
            clampBehavior="none"
            {...form.getInputProps('targetAmount')}
          />
          <DayInput
            label="Target date"
            placeholder="No deadline"
            clearable
            {...form.getInputProps('targetDate')}
          />
        </SimpleGrid>

        <div>
          <Group justify="space-between" align="center" gap="xs" mb={6} wrap="nowrap">
            <Text component="label" htmlFor={allocationId} fz="sm" fw={500}>
              Allocation per budget period
            </Text>
            <SegmentedControl
              size="xs"
              value={values.allocationMode}
              onChange={(value) => switchMode(value === 'amount' ? 'amount' : 'percent')}
              aria-label="Allocate as"
              data={[
                { value: 'percent', label: 'Percent' },
                { value: 'amount', label: 'Dollars', disabled: leftover <= 0 },
              ]}
            />
          </Group>
          {values.allocationMode === 'percent' ? (
            <NumberInput
              id={allocationId}
              suffix="%"
              min={1}
              max={100}
              clampBehavior="none"
              decimalScale={2}
              allowNegative={false}
              hideControls
              description={conversion ?? 'The share of what each budget period leaves over.'}
              inputWrapperOrder={['input', 'description', 'error']}
              {...form.getInputProps('allocationPercent')}
              onChange={(value) => form.setFieldValue('allocationPercent', asNumber(value))}
            />
          ) : (
            <MoneyInput
              id={allocationId}
              placeholder="$0.00"
              description={conversion ?? "Dollars of this period's leftover, kept as a percent."}
              inputWrapperOrder={['input', 'description', 'error']}
              {...form.getInputProps('allocationAmount')}
            />
          )}
          {leftover <= 0 && (
            <Text fz="xs" c="dimmed" mt={4}>
              Dollars convert with this period's leftover; there is none so far, so enter a percent.
            </Text>
          )}
        </div>

        <GoalIconPicker value={values.iconName} onChange={(icon) => form.setFieldValue('iconName', icon)} />
        <GoalColorPicker
          value={values.colorTheme}
          onChange={(color) => form.setFieldValue('colorTheme', color)}
        />

        {editing && (
          <Switch
            label="Active"
            description="An active goal takes its share of each period's leftover; a paused one keeps what it has."
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
        )}

        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {formError}
          </Alert>
        )}

        <FormActions
          submitLabel={editing ? 'Save Changes' : 'Create Goal'}
          onCancel={onClose}
          pending={pending}
          mt="xs"
        />
      </Stack>
    </form>
  );
}

/** NumberInput answers '' when emptied and a string while a number is half typed ('12.'). */
const asNumber = (value: number | string): number | '' =>
  typeof value === 'number' ? value : value === '' || Number.isNaN(Number(value)) ? '' : Number(value);
