import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';

/** The budget's own actions; without `onEdit` (a past budget) only Delete is offered. */
export function BudgetActionsMenu({ onEdit, onDelete }: { onEdit?: () => void; onDelete: () => void }) {
  return (
    <Menu position="bottom-end" shadow="md" width={190}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Budget actions">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onEdit && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit budget
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          Delete budget
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
