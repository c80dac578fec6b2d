import {
  Badge,
  Card,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import type { Transaction } from '@tally/shared';
import { SignedAmount } from '../../../components/SignedAmount';
import { formatDay } from '../../../lib/format';
import { categoryColor, categoryIcon } from '../category-visuals';
import { transactionName } from '../filters';
import classes from '../transactions.module.css';
import { type TransactionAction, TransactionActionsMenu } from './TransactionActionsMenu';

type ListProps = {
  transactions: Transaction[];
  onAction: (action: TransactionAction, transaction: Transaction) => void;
};

/** The amount as every transaction view shows it (shared with the import preview). */
export const Amount = SignedAmount;

export function CategoryBadge({ code, label }: { code: number; label: string }) {
  return (
    <Badge variant="light" color={categoryColor(code)} radius="sm" tt="none" fw={600} size="md">
      {label}
    </Badge>
  );
}

function CategoryAvatar({ code }: { code: number }) {
  const Icon = categoryIcon(code);
  return (
    <ThemeIcon variant="light" color={categoryColor(code)} radius="xl" size={36} aria-hidden>
      <Icon size={18} stroke={1.7} />
    </ThemeIcon>
  );
}

function Badges({ transaction }: { transaction: Transaction }) {
  return (
    <>
      {transaction.pending && (
        <Badge size="xs" variant="dot" color="orange" radius="sm" tt="none">
          Pending
        </Badge>
      )}
      {transaction.isTransfer && (
        <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none">
          Transfer
        </Badge>
      )}
    </>
  );
}

function Note({ note }: { note: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" mt={4}>
      <IconNote size={14} stroke={1.6} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      <Text fz="xs" c="dimmed" className={classes.note} lineClamp={2}>
        <VisuallyHidden component="span">Note: </VisuallyHidden>
        {note}
      </Text>
    </Group>
  );
}

/**
 * The merchant's clean name leads when the bank gave one; on wide screens the statement text (which
 * search also matches) stays beside it, smaller. Phones show it on hover/long-press only (title).
 */
function Title({ transaction, withStatement }: { transaction: Transaction; withStatement: boolean }) {
  const { description } = transaction;
  const name = transactionName(transaction);
  return (
    <Text fw={600} fz="sm" truncate="end" title={description}>
      {name}
      {withStatement && name !== description && (
        <Text span fz="xs" fw={400} c="dimmed" ml={8}>
          {description}
        </Text>
      )}
    </Text>
  );
}

/** Wide screens: a table with the spec's columns. */
export function TransactionsTable({ transactions, onAction }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td maw={420}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <CategoryAvatar code={t.category} />
                  <div style={{ minWidth: 0 }}>
                    <Title transaction={t} withStatement />
                    <Group gap={6} wrap="nowrap">
                      <Text fz="xs" c="dimmed" truncate>
                        {t.accountName}
                      </Text>
                      <Badges transaction={t} />
                    </Group>
                    {t.note && <Note note={t.note} />}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <CategoryBadge code={t.category} label={t.categoryName} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(t.date)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Amount value={t.amount} />
              </Table.Td>
              <Table.Td>
                <TransactionActionsMenu transaction={t} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: the same rows as a stack of cards. */
export function TransactionCards({ transactions, onAction }: ListProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Transactions">
      {transactions.map((t) => (
        <Paper component="li" key={t.id} withBorder p="sm" radius="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <CategoryAvatar code={t.category} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Title transaction={t} withStatement={false} />
                </div>
                <Amount value={t.amount} />
              </Group>
              <Text fz="xs" c="dimmed" truncate>
                {t.accountName} · {formatDay(t.date)}
              </Text>
              <Group gap={6} mt={6}>
                <CategoryBadge code={t.category} label={t.categoryName} />
                <Badges transaction={t} />
              </Group>
              {t.note && <Note note={t.note} />}
            </div>
            <TransactionActionsMenu transaction={t} onAction={onAction} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

const SKELETON_ROWS = 8;

export function TransactionsSkeleton({ mobile }: { mobile: boolean }) {
  const rows = Array.from({ length: SKELETON_ROWS }, (_, i) => i);
  if (mobile) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading transactions">
        {rows.map((i) => (
          <Card key={i} p="sm" radius="md">
            <Group gap="sm" wrap="nowrap">
              <Skeleton circle height={36} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={12} width="70%" />
                <Skeleton height={10} width="45%" />
              </Stack>
              <Skeleton height={12} width={64} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy="true" aria-label="Loading transactions">
      <Table.Tbody>
        {rows.map((i) => (
          <Table.Tr key={i}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <Skeleton circle height={36} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton height={12} width={`${60 - (i % 3) * 10}%`} />
                  <Skeleton height={10} width="30%" />
                </Stack>
              </Group>
            </Table.Td>
            <Table.Td w={160}>
              <Skeleton height={20} width={96} radius="sm" />
            </Table.Td>
            <Table.Td w={130}>
              <Skeleton height={12} width={84} />
            </Table.Td>
            <Table.Td w={130}>
              <Skeleton height={12} width={72} ml="auto" />
            </Table.Td>
            <Table.Td w={56}>
              <Skeleton height={24} width={24} radius="sm" />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
