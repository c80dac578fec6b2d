import '@mantine/dates/styles.css';
import {
  Alert,
  Box,
  Button,
  Flex,
  Group,
  NumberInput,
  Paper,
  Pill,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { type Account, formatMoney, isCategoryCode, MAX_AMOUNT_FILTER } from '@tally/shared';
import { useEffect } from 'react';
import { DayInput } from '../../../components/DayInput';
import { Dialog } from '../../../components/Dialog';
import {
  type AdvancedFilterDraft,
  AMOUNT_PRESETS,
  advancedFilterErrors,
  advancedFilterProblems,
  applyDraft,
  draftFromFilters,
  EMPTY_DRAFT,
} from '../advanced-filters';
import { advancedFilterChips, categorySelectData, type TransactionFilterState } from '../filters';
import classes from '../transactions.module.css';

const CATEGORY_DATA = categorySelectData();

const toAmount = (value: number | string): number | null => {
  if (value === '' || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

function SectionTitle({ children }: { children: string }) {
  return (
    <Title order={3} fz="sm" fw={600}>
      {children}
    </Title>
  );
}

export function AdvancedFiltersDialog({
  opened,
  onClose,
  filters,
  today,
  accounts,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  filters: TransactionFilterState;
  today: string;
  accounts: Account[] | undefined;
  onApply: (next: TransactionFilterState) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const form = useForm<AdvancedFilterDraft>({
    initialValues: draftFromFilters(filters, today),
    validate: advancedFilterErrors,
  });
  const { setValues } = form;
  const draft = form.values;

  // Each opening starts from the filters that are applied now.
  useEffect(() => {
    if (opened) setValues(draftFromFilters(filters, today));
  }, [opened, filters, today, setValues]);

  const set = (patch: Partial<AdvancedFilterDraft>) => setValues(patch);
  // Checked as the person edits, so Apply is never offered for filters the API would refuse.
  const problems = advancedFilterProblems(draft);
  const result = applyDraft(filters, draft, today);
  const accountName = (id: string) => accounts?.find((a) => a.id === id)?.name;
  const summary = advancedFilterChips(result, accountName);

  const accountData = (accounts ?? []).map((a) => ({
    value: a.id,
    label: `${a.name}${a.mask ? ` ••${a.mask}` : ''} · ${formatMoney(a.currentBalance)}`,
  }));

  const apply = () => {
    if (form.validate().hasErrors) return;
    onApply(result);
    onClose();
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="Advanced Filters" size="lg" centered fullScreen={phone}>
      <Box className={classes.dialog}>
        <Stack gap="lg">
          <Stack gap="xs">
            <SectionTitle>Amount</SectionTitle>
            <SimpleGrid cols={2} spacing="sm">
              <NumberInput
                label="Minimum amount"
                placeholder="No minimum"
                prefix="$"
                min={0}
                max={MAX_AMOUNT_FILTER}
                decimalScale={2}
                thousandSeparator=","
                allowNegative={false}
                value={draft.minAmount ?? ''}
                onChange={(v) => set({ minAmount: toAmount(v) })}
              />
              <NumberInput
                label="Maximum amount"
                placeholder="No maximum"
                prefix="$"
                min={0}
                max={MAX_AMOUNT_FILTER}
                decimalScale={2}
                thousandSeparator=","
                allowNegative={false}
                value={draft.maxAmount ?? ''}
                onChange={(v) => set({ maxAmount: toAmount(v) })}
              />
            </SimpleGrid>
            <Group gap={6} role="group" aria-label="Quick amount ranges">
              {AMOUNT_PRESETS.map((preset) => {
                const active = draft.minAmount === preset.min && draft.maxAmount === preset.max;
                return (
                  <Button
                    key={preset.label}
                    size="compact-sm"
                    radius="xl"
                    variant={active ? 'light' : 'default'}
                    aria-pressed={active}
                    onClick={() => set({ minAmount: preset.min, maxAmount: preset.max })}
                  >
                    {preset.label}
                  </Button>
                );
              })}
              <Button
                size="compact-sm"
                radius="xl"
                variant="subtle"
                color="gray"
                onClick={() => set({ minAmount: null, maxAmount: null })}
                disabled={draft.minAmount === null && draft.maxAmount === null}
              >
                Clear
              </Button>
            </Group>
            <Text fz="xs" c="dimmed">
              Amounts match money in and money out alike.
            </Text>
          </Stack>

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Account"
              placeholder="All accounts"
              data={accountData}
              value={draft.accountId}
              onChange={(value) => set({ accountId: value })}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear account' }}
              nothingFoundMessage="No accounts connected"
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Category"
              placeholder="All categories"
              data={CATEGORY_DATA}
              value={draft.category === null ? null : String(draft.category)}
              onChange={(value) => {
                const code = Number(value);
                set({ category: value !== null && isCategoryCode(code) ? code : null });
              }}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear category' }}
              maxDropdownHeight={280}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>

          <Stack gap="xs">
            <SectionTitle>Dates</SectionTitle>
            <SimpleGrid cols={2} spacing="sm">
              <DayInput
                label="Start date"
                placeholder="Any"
                value={draft.startDate}
                onChange={(value) => set({ startDate: value })}
                clearable
              />
              <DayInput
                label="End date"
                placeholder="Any"
                value={draft.endDate}
                onChange={(value) => set({ endDate: value })}
                clearable
              />
            </SimpleGrid>
          </Stack>

          {problems.map((problem) => (
            <Alert
              key={problem.title}
              color="red"
              variant="light"
              title={problem.title}
              icon={<IconAlertCircle size={18} />}
            >
              {problem.message}
            </Alert>
          ))}

          <Paper className={classes.soft} p="sm" radius="md">
            <Text fz="sm" fw={600} mb={summary.length ? 6 : 0}>
              {summary.length ? `Active filters (${summary.length})` : 'No filters selected'}
            </Text>
            {summary.length ? (
              <Group gap={6}>
                {summary.map((chip) => (
                  <Pill key={chip.key} size="sm">
                    {chip.label}
                  </Pill>
                ))}
              </Group>
            ) : (
              <Text fz="xs" c="dimmed">
                All transactions are shown.
              </Text>
            )}
          </Paper>

          <Flex direction={phone ? 'column' : 'row'} justify="space-between" gap="sm">
            <Group gap="xs" grow={phone}>
              <Button variant="subtle" color="gray" onClick={() => setValues(EMPTY_DRAFT)}>
                Clear All
              </Button>
              <Button
                variant="subtle"
                color="gray"
                onClick={() => setValues(draftFromFilters(filters, today))}
              >
                Reset
              </Button>
            </Group>
            <Group gap="xs" grow={phone}>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={apply} disabled={problems.length > 0}>
                Apply Filters ({summary.length})
              </Button>
            </Group>
          </Flex>
        </Stack>
      </Box>
    </Dialog>
  );
}
