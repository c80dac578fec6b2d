import { Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_RULE_PATTERN_LENGTH, type Rule, ruleField, ruleOperator } from '@tally/shared';
import { useRef } from 'react';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { toast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { showAtField } from '../../../lib/form';
import { log } from '../../../lib/log';
import { useAccounts } from '../../accounts';
import { useCreateRule } from '../api/create-rule';
import { useUpdateRule } from '../api/update-rule';
import {
  categorySelectData,
  emptyRuleForm,
  fieldOfServerMessage,
  type RuleFormValues,
  ruleForm,
  sentenceOfForm,
  toRuleBody,
  validateRuleForm,
} from '../rule-form';
import { FIELD_LABELS, OPERATOR_LABELS } from '../rule-sentence';
import classes from '../rules.module.css';
import { RuleSentence } from './RuleSentence';

const FIELD_OPTIONS = ruleField.options.map((value) => ({ value, label: FIELD_LABELS[value] }));
const OPERATOR_OPTIONS = ruleOperator.options.map((value) => ({ value, label: OPERATOR_LABELS[value] }));
const CATEGORY_DATA = categorySelectData();
const SAVE_FAILED = 'Failed to save the rule. Please try again.';

export type RuleDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Edit this rule; without it, a new one is created. */
  rule: Rule | null;
  /** A new rule started elsewhere (the Edit Category dialog's offer): its first values. */
  prefill?: RuleFormValues | null;
  /** A new rule was created (the screen then offers applying it to past transactions). */
  onCreated?: (rule: Rule) => void;
};

/** Create and Edit Rule: what a transaction must look like, and what the rule does to it. */
export function RuleDialog({ opened, onClose, rule, prefill = null, onCreated }: RuleDialogProps) {
  const create = useCreateRule();
  const update = useUpdateRule();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={create.isPending || update.isPending}
      title={rule ? 'Edit rule' : 'Create rule'}
      size="lg"
      classNames={{ content: classes.dialog }}
    >
      <RuleForm
        rule={rule}
        prefill={prefill}
        onClose={onClose}
        onCreated={onCreated}
        create={create}
        update={update}
      />
    </Dialog>
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Title order={3} fz="sm" fw={600}>
      {children}
    </Title>
  );
}

type FormProps = {
  rule: Rule | null;
  prefill: RuleFormValues | null;
  onClose: () => void;
  onCreated?: (rule: Rule) => void;
  create: ReturnType<typeof useCreateRule>;
  update: ReturnType<typeof useUpdateRule>;
};

function RuleForm({ rule, prefill, onClose, onCreated, create, update }: FormProps) {
  const pending = create.isPending || update.isPending;
  const accounts = useAccounts();
  // After a first try to save, every change checks the whole rule again: the amount range and the
  // 'category or merchant name' rule are about two fields, and either one can put it right.
  const tried = useRef(false);
  const form = useForm<RuleFormValues>({
    initialValues: rule ? ruleForm(rule) : (prefill ?? emptyRuleForm()),
    validate: validateRuleForm,
    onValuesChange: (values) => {
      if (tried.current) form.setErrors(validateRuleForm(values));
    },
  });
  const { values } = form;

  const accountData = (accounts.data ?? []).map((a) => ({
    value: a.id,
    label: `${a.name} · ${a.institutionName}`,
  }));
  // A rule may name an account that is no longer connected: it stays choosable, so editing keeps it.
  if (rule?.accountId && !accountData.some((a) => a.value === rule.accountId)) {
    accountData.push({ value: rule.accountId, label: rule.accountName ?? 'An account no longer connected' });
  }
  const accountName =
    values.accountId === null
      ? null
      : ((accounts.data ?? []).find((a) => a.id === values.accountId)?.name ??
        (values.accountId === rule?.accountId ? rule.accountName : null));

  const onFailed = (error: unknown) => {
    log.warn('Saving the rule failed', error);
    const message = serverMessage(error, SAVE_FAILED);
    showAtField(form, error, message, fieldOfServerMessage);
    toast.error('Error saving rule', message);
  };

  const submit = form.onSubmit(
    (valid) => {
      const body = toRuleBody(valid);
      if (rule) {
        update.mutate(
          { id: rule.id, body },
          {
            onSuccess: () => {
              toast.success('Rule updated', 'It applies to your next imports.');
              onClose();
            },
            onError: onFailed,
          },
        );
      } else {
        create.mutate(body, { onSuccess: (created) => onCreated?.(created), onError: onFailed });
      }
    },
    () => {
      tried.current = true;
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {prefill && !rule && (
          <Text fz="sm" c="dimmed">
            From the category you just chose. Check the rule, then create it.
          </Text>
        )}

        <SectionTitle>When a transaction</SectionTitle>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Match on"
            data={FIELD_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('field')}
          />
          <Select
            label="Condition"
            data={OPERATOR_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('operator')}
          />
        </SimpleGrid>
        <TextInput
          label="Text to match"
          placeholder="e.g. starbucks"
          description="Capital letters and extra spaces don't matter."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          data-autofocus
          autoComplete="off"
          maxLength={MAX_RULE_PATTERN_LENGTH + 20}
          {...form.getInputProps('pattern')}
        />
        <div>
          <SimpleGrid cols={2} spacing="sm">
            <MoneyInput label="Minimum amount" placeholder="Any" {...form.getInputProps('minAmount')} />
            <MoneyInput label="Maximum amount" placeholder="Any" {...form.getInputProps('maxAmount')} />
          </SimpleGrid>
          <Text fz="xs" c="dimmed" mt={6}>
            Optional. Amounts match money in and money out alike.
          </Text>
        </div>
        <Select
          label="Account"
          placeholder="Any account"
          data={accountData}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear account' }}
          nothingFoundMessage="No accounts connected"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('accountId')}
        />

        <SectionTitle>Then</SectionTitle>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Set category"
            placeholder="Keep its category"
            data={CATEGORY_DATA}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear category' }}
            searchable
            maxDropdownHeight={280}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('setCategory')}
          />
          <TextInput
            label="Rename merchant to"
            placeholder="Keep its name"
            autoComplete="off"
            {...form.getInputProps('renameMerchant')}
          />
        </SimpleGrid>

        <Paper className={classes.soft} p="sm" radius="md">
          <Text fz="xs" c="dimmed" fw={600} mb={2}>
            This rule reads
          </Text>
          <RuleSentence rule={sentenceOfForm(values, accountName)} fz="sm" />
        </Paper>

        <FormActions
          submitLabel={rule ? 'Save changes' : 'Create rule'}
          onCancel={onClose}
          pending={pending}
        />
      </Stack>
    </form>
  );
}
