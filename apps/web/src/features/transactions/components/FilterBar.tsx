import { Button, Card, CloseButton, Group, Pill, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCalendar, IconCategory, IconFilterOff, IconSearch } from '@tabler/icons-react';
import {
  DATE_PRESETS,
  type DatePreset,
  isCategoryCode,
  MAX_SEARCH_LENGTH,
  SEARCH_DEBOUNCE_MS,
} from '@tally/shared';
import { memo, useEffect, useState } from 'react';
import { LIST_MOUNTED_WHEN_OPEN } from '../../../lib/combobox';
import {
  categorySelectData,
  EMPTY_FILTERS,
  type FilterChip,
  type FilterKey,
  removeFilter,
  type TransactionFilterState,
} from '../filters';

const ALL_CATEGORIES = 'all';
const CATEGORY_DATA = [{ value: ALL_CATEGORIES, label: 'All Categories' }, ...categorySelectData()];

type Update = (
  update: (filters: TransactionFilterState) => TransactionFilterState,
  opts?: { replace?: boolean },
) => void;

export function FilterBar({
  filters,
  chips,
  updateFilters,
  compact,
}: {
  compact: boolean;
  filters: TransactionFilterState;
  chips: FilterChip[];
  updateFilters: Update;
}) {
  const [search, setSearch] = useState(filters.searchTerm);
  const commitSearch = useDebouncedCallback(
    (value: string) => updateFilters((f) => ({ ...f, searchTerm: value.trim() })),
    SEARCH_DEBOUNCE_MS,
  );

  // The search can also change from outside the box (a chip, Clear All, back/forward).
  useEffect(() => {
    // Typing is never overwritten: only a different term (not a trimmed space) replaces the text.
    if (!commitSearch.isPending()) {
      setSearch((current) => (current.trim() === filters.searchTerm ? current : filters.searchTerm));
    }
  }, [filters.searchTerm, commitSearch]);

  const clearSearch = () => {
    commitSearch.cancel();
    setSearch('');
    updateFilters((f) => ({ ...f, searchTerm: '' }));
  };

  const remove = (key: FilterKey) => {
    if (key === 'search') clearSearch();
    else updateFilters((f) => removeFilter(f, key));
  };

  const clearAll = () => {
    commitSearch.cancel();
    setSearch('');
    updateFilters(() => EMPTY_FILTERS);
  };

  return (
    <Card padding="md">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            aria-label="Search transactions"
            placeholder="Search by description or merchant"
            maxLength={MAX_SEARCH_LENGTH}
            leftSection={<IconSearch size={16} stroke={1.7} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              commitSearch(e.currentTarget.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitSearch.flush();
            }}
            rightSection={
              search ? <CloseButton size="sm" aria-label="Clear search" onClick={clearSearch} /> : null
            }
            style={{ flex: '1 1 260px' }}
          />
          <FilterSelects
            category={filters.category}
            dateRange={filters.dateRange}
            compact={compact}
            updateFilters={updateFilters}
          />
          {/* Phones keep the row for the inputs until there is something to clear. */}
          {(!compact || chips.length > 0) && (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconFilterOff size={16} stroke={1.7} />}
              onClick={clearAll}
              disabled={chips.length === 0}
            >
              Clear All Filters
            </Button>
          )}
        </Group>
        {chips.length > 0 && (
          <Group gap={8} aria-label="Active filters" role="group">
            <Text fz="sm" c="dimmed">
              Active filters:
            </Text>
            {chips.map((chip) => (
              <Pill
                key={chip.key}
                size="md"
                withRemoveButton
                onRemove={() => remove(chip.key)}
                // Mantine hides the remove button from keyboards and screen readers by default; these chips need it.
                removeButtonProps={{
                  'aria-label': `Remove filter ${chip.label}`,
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {chip.label}
              </Pill>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The category and date pickers, drawn again only when their own values change: not for each key typed
 * into the search beside them (each key drew both selects, 30–48 ms of a phone's input handler at 4× CPU).
 */
const FilterSelects = memo(function FilterSelects({
  category,
  dateRange,
  compact,
  updateFilters,
}: {
  category: TransactionFilterState['category'];
  dateRange: TransactionFilterState['dateRange'];
  compact: boolean;
  updateFilters: Update;
}) {
  const dateData = [
    ...DATE_PRESETS,
    ...(dateRange === 'custom' ? [{ value: 'custom', label: 'Custom Range' }] : []),
  ];
  return (
    <>
      <Select
        aria-label="Category"
        data={CATEGORY_DATA}
        value={category === null ? ALL_CATEGORIES : String(category)}
        onChange={(value) => {
          const code = Number(value);
          updateFilters((f) => ({ ...f, category: isCategoryCode(code) ? code : null }));
        }}
        allowDeselect={false}
        leftSection={compact ? undefined : <IconCategory size={16} stroke={1.7} />}
        comboboxProps={{ ...LIST_MOUNTED_WHEN_OPEN, width: 240, position: 'bottom-start' }}
        maxDropdownHeight={320}
        style={{ flex: '1 1 150px', maxWidth: 240 }}
      />
      <Select
        aria-label="Date range"
        data={dateData}
        value={dateRange}
        onChange={(value) => {
          if (!value || value === 'custom') return;
          updateFilters((f) => ({
            ...f,
            dateRange: value as DatePreset,
            startDate: null,
            endDate: null,
          }));
        }}
        allowDeselect={false}
        leftSection={compact ? undefined : <IconCalendar size={16} stroke={1.7} />}
        comboboxProps={LIST_MOUNTED_WHEN_OPEN}
        style={{ flex: '1 1 150px', maxWidth: 200 }}
      />
    </>
  );
});
