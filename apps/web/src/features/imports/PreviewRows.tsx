import { Badge, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ImportCounts, ImportPreview, ImportPreviewRow, ImportRowStatus } from '@tally/shared';
import { useId } from 'react';
import { SignedAmount } from '../../components/SignedAmount';
import { formatDay } from '../../lib/format';
import { categoryColor } from '../transactions';
import classes from './imports.module.css';

const STATUS: Record<ImportRowStatus, { label: string; color: string }> = {
  new: { label: 'New', color: 'brand' },
  duplicate: { label: 'Duplicate', color: 'gray' },
  matched: { label: 'Already in Tally', color: 'indigo' },
  invalid: { label: 'Invalid', color: 'red' },
};

export function StatusBadge({ status }: { status: ImportRowStatus }) {
  const { label, color } = STATUS[status];
  return (
    <Badge variant="light" color={color} radius="sm" tt="none" fw={600} size="sm">
      {label}
    </Badge>
  );
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The file's rows counted by what becomes of them. */
export function CountBadges({ counts }: { counts: ImportCounts }) {
  const items: { key: string; label: string; count: number; color: string; hint: string }[] = [
    { key: 'new', label: 'New', count: counts.new, color: 'brand', hint: 'will be added' },
    {
      key: 'duplicate',
      label: 'Duplicates',
      count: counts.duplicate,
      color: 'gray',
      hint: 'imported before, skipped',
    },
    {
      key: 'matched',
      label: 'Already in Tally',
      count: counts.matched,
      color: 'indigo',
      hint: 'same day and amount as a transaction you have, skipped',
    },
    { key: 'invalid', label: 'Invalid', count: counts.invalid, color: 'red', hint: 'cannot be read' },
  ];
  return (
    <Group gap="xs" component="ul" className={classes.rows} aria-label="What the file holds">
      {items.map((item) => (
        <li key={item.key} title={item.hint}>
          <Badge
            variant={item.count > 0 ? 'light' : 'default'}
            color={item.color}
            size="lg"
            radius="sm"
            tt="none"
            fw={600}
          >
            {item.label}: {item.count.toLocaleString('en-US')}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

function CategoryLabel({ row }: { row: ImportPreviewRow }) {
  return (
    <Badge variant="light" color={categoryColor(row.category)} radius="sm" tt="none" fw={600} size="sm">
      {row.categoryName}
    </Badge>
  );
}

function Description({ row }: { row: ImportPreviewRow }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text fz="sm" fw={600} className={classes.description} lineClamp={2}>
        {row.description || (
          <Text span c="dimmed">
            (no description)
          </Text>
        )}
      </Text>
      {row.error && (
        <Text fz="xs" c="var(--mantine-color-error)">
          Line {row.line}: {row.error}
        </Text>
      )}
    </div>
  );
}

/** The first rows as they will be stored: a table on wide screens, a list of cards on phones. */
export function PreviewRows({
  rows,
  total,
  compact,
}: {
  rows: readonly ImportPreviewRow[];
  total: number;
  compact: boolean;
}) {
  const caption =
    rows.length < total
      ? `The first ${rows.length} of ${plural(total, 'row', 'rows')}`
      : `All ${plural(total, 'row', 'rows')}`;
  if (rows.length === 0) return null;
  if (compact) {
    return (
      <Stack gap={6}>
        <Text fz="xs" c="dimmed">
          {caption}
        </Text>
        <Stack gap={6} component="ul" className={classes.rows} aria-label="Rows to import">
          {rows.map((row) => (
            <Paper component="li" key={row.line} withBorder radius="md" p="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Description row={row} />
                {row.amount !== null && <SignedAmount value={row.amount} />}
              </Group>
              <Group gap={6} mt={4}>
                <StatusBadge status={row.status} />
                {row.date && (
                  <Text fz="xs" c="dimmed">
                    {formatDay(row.date)}
                  </Text>
                )}
                {row.status !== 'invalid' && <CategoryLabel row={row} />}
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow window.
    <Table.ScrollContainer
      type="native"
      minWidth={620}
      tabIndex={0}
      role="region"
      aria-label="Rows to import"
    >
      <Table className={classes.previewTable} verticalSpacing={6} highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text fz="sm">{row.date ? formatDay(row.date) : '—'}</Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Description row={row} />
              </Table.Td>
              <Table.Td>
                {row.status === 'invalid' ? <Text fz="sm">—</Text> : <CategoryLabel row={row} />}
              </Table.Td>
              <Table.Td ta="right">
                {row.amount === null ? (
                  <Text fz="sm">
                    —<VisuallyHidden>no amount</VisuallyHidden>
                  </Text>
                ) : (
                  <SignedAmount value={row.amount} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Why rows cannot be read, line by line. */
export function InvalidRows({
  rows,
  count,
}: {
  rows: readonly { line: number; reason: string }[];
  count: number;
}) {
  const id = useId();
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="sm" fw={600} mb={4} id={id}>
        {plural(count, 'row cannot be read', 'rows cannot be read')}
      </Text>
      <Stack
        gap={2}
        component="ul"
        className={classes.invalidList}
        aria-labelledby={id}
        mah={140}
        style={{ overflowY: 'auto' }}
        // A list that scrolls is reached by keyboard too.
        tabIndex={0}
      >
        {rows.map((row) => (
          <Text component="li" key={row.line} fz="xs">
            <Text span fw={600}>
              Line {row.line}:
            </Text>{' '}
            {row.reason}
          </Text>
        ))}
      </Stack>
      {count > rows.length && (
        <Text fz="xs" c="dimmed" mt={4}>
          and {plural(count - rows.length, 'more', 'more')}
        </Text>
      )}
    </Paper>
  );
}

/** The rows that cannot be read and the first rows as they will be stored. */
export function PreviewDetails({
  preview,
  updating,
  rows,
  compact,
}: {
  preview: ImportPreview;
  updating: boolean;
  rows?: number;
  compact: boolean;
}) {
  const shown = rows === undefined ? preview.rows : preview.rows.slice(0, rows);
  return (
    <Stack gap="sm" style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <InvalidRows rows={preview.invalidRows} count={preview.counts.invalid} />
      <PreviewRows rows={shown} total={preview.counts.total} compact={compact} />
    </Stack>
  );
}
