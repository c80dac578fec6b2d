import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDots, IconNote, IconPencil, IconRepeat, IconTag, IconTrash } from '@tabler/icons-react';
import type { Transaction } from '@tally/shared';
import { forwardRef, useState } from 'react';
import { useMarkAsRecurring } from '../../../lib/mark-as-recurring';
import classes from '../transactions.module.css';

/** A subscription is money going out to a merchant: income and moves between own accounts never are. */
export const canMarkAsRecurring = (t: Transaction) => t.amount < 0 && !t.isTransfer;

/** 'edit' is offered only for transactions in manual accounts, which are kept by hand. */
export type TransactionAction = 'edit' | 'category' | 'note' | 'delete';

type MenuProps = {
  transaction: Transaction;
  onAction: (action: TransactionAction, transaction: Transaction) => void;
};

const ActionsButton = forwardRef<HTMLButtonElement, { onClick?: () => void }>(
  function ActionsButton(props, ref) {
    return (
      <ActionIcon
        ref={ref}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Transaction actions"
        aria-haspopup="menu"
        {...props}
      >
        <IconDots size={18} stroke={1.6} />
      </ActionIcon>
    );
  },
);

/**
 * A row's actions. A page has 25 to 100 rows: each row's menu (its popover and positioning) is set up when
 * that row's button is first pressed, opening at once, instead of for every row while the page renders.
 */
export function TransactionActionsMenu(props: MenuProps) {
  const [used, setUsed] = useState(false);
  return used ? <ActionsMenu {...props} /> : <ActionsButton onClick={() => setUsed(true)} />;
}

function ActionsMenu({ transaction, onAction }: MenuProps) {
  const markAsRecurring = useMarkAsRecurring();
  const eligible = canMarkAsRecurring(transaction);
  return (
    <Menu
      defaultOpened
      position="bottom-end"
      width={210}
      shadow="md"
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <ActionsButton />
      </Menu.Target>
      <Menu.Dropdown className={classes.dialog}>
        {transaction.isManual && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction('edit', transaction)}>
            Edit transaction
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconTag size={16} />} onClick={() => onAction('category', transaction)}>
          Edit Category
        </Menu.Item>
        <Menu.Item leftSection={<IconNote size={16} />} onClick={() => onAction('note', transaction)}>
          {transaction.note ? 'Edit Note' : 'Add Note'}
        </Menu.Item>
        {markAsRecurring &&
          (eligible ? (
            <Menu.Item leftSection={<IconRepeat size={16} />} onClick={() => markAsRecurring(transaction.id)}>
              Mark as Recurring
            </Menu.Item>
          ) : (
            <Tooltip
              label={transaction.isTransfer ? 'Transfers are not subscriptions' : 'Only payments can recur'}
              position="left"
              withArrow
            >
              <div>
                <Menu.Item leftSection={<IconRepeat size={16} />} disabled>
                  Mark as Recurring
                </Menu.Item>
              </div>
            </Tooltip>
          ))}
        <Menu.Divider />
        <Menu.Item
          c="var(--tx-negative)"
          leftSection={<IconTrash size={16} />}
          onClick={() => onAction('delete', transaction)}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
