import { Box, Button, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { type CategoryCode, categoryName, isCategoryCode, type Transaction } from '@tally/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/Dialog';
import { toast } from '../../../components/toast';
import { formatDay } from '../../../lib/format';
import { newRuleHref } from '../../../lib/rules-url';
import { useUpdateTransactionCategory } from '../api/update-transaction-category';
import { categorySelectData, transactionName } from '../filters';
import classes from '../transactions.module.css';
import { Amount, CategoryBadge } from './TransactionsList';

const CATEGORY_DATA = categorySelectData();
function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Box ta="right" style={{ minWidth: 0 }}>
        {children}
      </Box>
    </Group>
  );
}

export function EditCategoryDialog({
  transaction,
  opened,
  onClose,
}: {
  /** Kept after closing, so the dialog's content stays put while it fades out. */
  transaction: Transaction | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [category, setCategory] = useState<CategoryCode | null>(null);
  // The offer to make a rule of it: a rule can also change past transactions, which the choice alone does not.
  const [makeRule, setMakeRule] = useState(false);
  const update = useUpdateTransactionCategory();
  const navigate = useNavigate();

  useEffect(() => {
    if (opened && transaction && isCategoryCode(transaction.category)) setCategory(transaction.category);
    if (opened) setMakeRule(false);
  }, [opened, transaction]);

  const changed = transaction !== null && category !== null && category !== transaction.category;

  const save = () => {
    if (!transaction || !changed || category === null) return;
    update.mutate(
      { id: transaction.id, category },
      {
        onSuccess: (updated) => {
          toast.success('Category Updated', `Transaction category changed to "${updated.categoryName}"`);
          onClose();
          if (makeRule) navigate(newRuleHref(transactionName(transaction), category));
        },
        onError: () =>
          toast.error('Update Failed', 'Failed to update transaction category. Please try again.'),
      },
    );
  };

  const merchant = transaction ? transactionName(transaction) : '';

  return (
    <Dialog
      opened={opened && transaction !== null}
      onClose={onClose}
      pending={update.isPending}
      title="Edit Category"
      centered
    >
      {transaction && (
        <Stack className={classes.dialog} gap="md">
          <Paper className={classes.soft} p="md" radius="md">
            <Stack gap={8}>
              <div>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {merchant}
                </Text>
                {merchant !== transaction.description && (
                  <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {transaction.description}
                  </Text>
                )}
              </div>
              <Detail label="Amount">
                <Amount value={transaction.amount} />
              </Detail>
              <Detail label="Account">
                <Text fz="sm" truncate>
                  {transaction.accountName}
                </Text>
              </Detail>
              <Detail label="Date">
                <Text fz="sm">{formatDay(transaction.date)}</Text>
              </Detail>
              <Detail label="Current category">
                <CategoryBadge code={transaction.category} label={transaction.categoryName} />
              </Detail>
            </Stack>
          </Paper>

          <Select
            label="New category"
            data={CATEGORY_DATA}
            value={category === null ? null : String(category)}
            onChange={(value) => {
              const code = Number(value);
              if (value !== null && isCategoryCode(code)) setCategory(code);
            }}
            allowDeselect={false}
            searchable
            maxDropdownHeight={300}
          />

          {changed && category !== null && (
            <Group gap="xs" aria-label="Category change preview" role="group">
              <CategoryBadge code={transaction.category} label={transaction.categoryName} />
              <IconArrowRight size={16} aria-label="changes to" />
              <CategoryBadge code={category} label={categoryName(category)} />
            </Group>
          )}

          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconInfoCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Text fz="xs" c="dimmed">
              Future transactions from {merchant} will be given the new category automatically.
            </Text>
          </Group>

          {changed && category !== null && (
            <Checkbox
              label={`Always categorise "${merchant}" as ${categoryName(category)}`}
              description="After saving, you'll check the rule on the Rules screen and can update past transactions too."
              checked={makeRule}
              onChange={(e) => setMakeRule(e.currentTarget.checked)}
              disabled={update.isPending}
              styles={{ label: { overflowWrap: 'anywhere' } }}
            />
          )}

          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button onClick={save} disabled={!changed} loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
