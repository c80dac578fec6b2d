import { Button, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconHistory } from '@tabler/icons-react';
import type { BudgetListItem } from '@tally/shared';
import { Link } from 'react-router';
import { formatDateRange, periodLabel } from '../budget-summary';
import { pastBudgetSearch } from '../use-past-budget';

/** The budgets newer ones replaced, each a link to its own address (`?budget=<id>`), newest first. */
export function PastBudgetsMenu({
  budgets,
  shownId,
}: {
  budgets: readonly BudgetListItem[];
  /** The past budget on screen, marked in the list. */
  shownId: string | null;
}) {
  return (
    // No focus placeholder: a menu may hold only its items (axe: aria-required-children), so opening it
    // focuses the first budget instead.
    <Menu position="bottom-end" shadow="md" width={300} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconHistory size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Past budgets
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {budgets.map((b) => {
          const shown = b.id === shownId;
          return (
            <Menu.Item
              key={b.id}
              component={Link}
              to={pastBudgetSearch(b.id)}
              aria-current={shown ? 'page' : undefined}
              rightSection={shown ? <IconCheck size={16} aria-hidden /> : undefined}
            >
              <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {b.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {periodLabel(b.period)} · {formatDateRange(b.startDate, b.endDate)}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
