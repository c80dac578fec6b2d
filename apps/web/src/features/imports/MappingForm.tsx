import {
  Alert,
  Fieldset,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { CsvMapping, DateFormat } from '@tally/shared';
import { useId } from 'react';
import classes from './imports.module.css';
import {
  amountMode,
  columnOptions,
  DATE_FORMAT_OPTIONS,
  DECIMAL_OPTIONS,
  DELIMITER_OPTIONS,
  mappingProblem,
  optionalColumn,
  withAmountMode,
} from './mapping';

const SAMPLE_ROWS_SHOWN = 3;
const NONE = 'none';

/** The first rows as they are in the file, keyed by position (columns may share a name). */
function sampleTable(columns: readonly string[], rows: readonly (readonly string[])[]) {
  return {
    head: columns.map((name, c) => ({ key: `h${c}`, text: name || `Column ${c + 1}` })),
    rows: rows.slice(0, SAMPLE_ROWS_SHOWN).map((row, r) => ({
      key: `r${r}`,
      cells: columns.map((_, c) => ({ key: `r${r}c${c}`, text: row[c] ?? '' })),
    })),
  };
}

/**
 * Which CSV column holds what, and how its days and amounts are written. Controlled: every change is
 * handed up at once (the dialog previews it again).
 */
export function MappingForm({
  mapping,
  columns,
  sampleRows,
  onChange,
}: {
  mapping: CsvMapping;
  columns: readonly string[];
  sampleRows: readonly (readonly string[])[];
  onChange: (mapping: CsvMapping) => void;
}) {
  const id = useId();
  const options = columnOptions(columns, sampleRows);
  const mode = amountMode(mapping);
  const problem = mappingProblem(mapping);
  const set = (patch: Partial<CsvMapping>) => onChange({ ...mapping, ...patch });
  const column = (value: number | null) => (value === null ? null : String(value));
  const sample = sampleTable(columns, sampleRows);
  const select = { comboboxProps: { withinPortal: true }, allowDeselect: false, data: options } as const;
  // An optional column can be none: an option of its own, reachable by keyboard (a clear button is not).
  const optionalSelect = { ...select, data: [{ value: NONE, label: 'None' }, ...options] } as const;
  const optional = (value: number | null) => (value === null ? NONE : String(value));

  return (
    <Stack gap="md">
      <Fieldset legend="How the file is written" variant="unstyled" className={classes.fieldset}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Separator"
            data={DELIMITER_OPTIONS}
            value={mapping.delimiter}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => {
              const found = DELIMITER_OPTIONS.find((o) => o.value === value);
              if (found) set({ delimiter: found.value });
            }}
          />
          <Select
            label="Date format"
            data={DATE_FORMAT_OPTIONS}
            value={mapping.dateFormat}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => {
              const found = DATE_FORMAT_OPTIONS.find((o) => o.value === value);
              if (found) set({ dateFormat: found.value satisfies DateFormat });
            }}
          />
          <Select
            label="Decimal separator"
            data={DECIMAL_OPTIONS}
            value={mapping.decimalSeparator}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => {
              const found = DECIMAL_OPTIONS.find((o) => o.value === value);
              if (found) set({ decimalSeparator: found.value });
            }}
          />
        </SimpleGrid>
        <Switch
          mt="sm"
          label="The first row holds column names"
          checked={mapping.hasHeader}
          onChange={(event) => set({ hasHeader: event.currentTarget.checked })}
        />
      </Fieldset>

      <Fieldset legend="Columns" variant="unstyled" className={classes.fieldset}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Date"
              required
              {...select}
              value={column(mapping.date)}
              onChange={(value) => value !== null && set({ date: Number(value) })}
            />
            <Select
              label="Description"
              required
              {...select}
              value={column(mapping.description)}
              onChange={(value) => value !== null && set({ description: Number(value) })}
            />
          </SimpleGrid>
          <div>
            <Text id={`${id}-amounts`} fz="sm" fw={500} mb={4}>
              Amounts
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={`${id}-amounts`}
              value={mode}
              onChange={(value) =>
                onChange(withAmountMode(mapping, value === 'split' ? 'split' : 'single', columns))
              }
              data={[
                { value: 'single', label: 'One amount column' },
                { value: 'split', label: 'Debit and credit' },
              ]}
            />
          </div>
          {mode === 'single' ? (
            <>
              <Select
                label="Amount"
                required
                {...select}
                value={column(mapping.amount)}
                onChange={(value) => value !== null && set({ amount: Number(value) })}
              />
              <Switch
                label="Amounts are positive for spending"
                description="Turn on when money out is written without a minus (some card statements)"
                checked={mapping.negateAmount}
                onChange={(event) => set({ negateAmount: event.currentTarget.checked })}
              />
            </>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Debit (money out)"
                {...optionalSelect}
                value={optional(mapping.debit)}
                onChange={(value) => set({ debit: optionalColumn(value) })}
              />
              <Select
                label="Credit (money in)"
                {...optionalSelect}
                value={optional(mapping.credit)}
                onChange={(value) => set({ credit: optionalColumn(value) })}
              />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Category"
              description="Optional"
              {...optionalSelect}
              value={optional(mapping.category)}
              onChange={(value) => set({ category: optionalColumn(value) })}
            />
            <Select
              label="Notes"
              description="Optional"
              {...optionalSelect}
              value={optional(mapping.notes)}
              onChange={(value) => set({ notes: optionalColumn(value) })}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {problem}
        </Alert>
      )}

      {sample.rows.length > 0 && (
        <div>
          <Text id={`${id}-sample`} fz="sm" fw={500} mb={4}>
            The file's first rows
          </Text>
          {/* Scrolls sideways when the file is wider than the screen; focusable so a keyboard can scroll it. */}
          <Table.ScrollContainer
            type="native"
            minWidth={Math.max(320, columns.length * 110)}
            className={classes.sample}
            tabIndex={0}
            role="region"
            aria-labelledby={`${id}-sample`}
          >
            <Table fz="xs" withTableBorder withColumnBorders aria-labelledby={`${id}-sample`}>
              <Table.Thead>
                <Table.Tr>
                  {sample.head.map((cell) => (
                    <Table.Th key={cell.key}>{cell.text}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sample.rows.map((row) => (
                  <Table.Tr key={row.key}>
                    {row.cells.map((cell) => (
                      <Table.Td key={cell.key}>{cell.text}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      )}
    </Stack>
  );
}
