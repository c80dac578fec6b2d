import { Badge, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconBuildingBank,
  IconChartLine,
  IconCreditCard,
  IconHome,
  IconWallet,
} from '@tabler/icons-react';
import { ACCOUNT_TYPE, type Account, accountTypeLabel, formatMoney, groupAccounts } from '@tally/shared';
import type { ReactNode } from 'react';
import { Money } from '../../../components/Money';
import { subtypeLabel } from '../account-summary';
import classes from './AccountList.module.css';

const TYPE_STYLE: Record<number, { icon: Icon; color: string }> = {
  [ACCOUNT_TYPE.Depository]: { icon: IconBuildingBank, color: 'blue' },
  [ACCOUNT_TYPE.Investment]: { icon: IconChartLine, color: 'violet' },
  [ACCOUNT_TYPE.Credit]: { icon: IconCreditCard, color: 'orange' },
  [ACCOUNT_TYPE.Loan]: { icon: IconHome, color: 'grape' },
};
const OTHER_STYLE = { icon: IconWallet, color: 'gray' };

type RowActions = (account: Account) => ReactNode;

function AccountRow({ account, actions }: { account: Account; actions?: RowActions }) {
  const style = TYPE_STYLE[account.type] ?? OTHER_STYLE;
  const subtype = subtypeLabel(account.subtype);
  return (
    <li className={actions ? `${classes.row} ${classes.withActions}` : classes.row}>
      <ThemeIcon
        variant="light"
        color={style.color}
        size={36}
        radius="md"
        aria-hidden
        className={classes.icon}
      >
        <style.icon size={18} stroke={1.7} />
      </ThemeIcon>
      <div className={classes.name}>
        <Text fw={600} fz="sm" lh={1.35}>
          {account.name}
        </Text>
        <Group gap={6} mt={2}>
          {(subtype || account.mask) && (
            <Text fz="xs" c="dimmed">
              {[subtype, account.mask && `••${account.mask}`].filter(Boolean).join(' · ')}
            </Text>
          )}
          <Badge size="xs" variant="dot" color={style.color} className={classes.type}>
            {accountTypeLabel(account.type)}
          </Badge>
        </Group>
      </div>
      <div className={classes.balances}>
        <Money
          cents={account.currentBalance}
          fw={700}
          fz="sm"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        />
        {account.availableBalance !== null && (
          <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            Available {formatMoney(account.availableBalance)}
          </Text>
        )}
        {account.openingBalance !== null && (
          <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            Opening {formatMoney(account.openingBalance)}
          </Text>
        )}
      </div>
      {actions?.(account)}
    </li>
  );
}

/**
 * An institution's accounts under the spec's group headings, each group sorted by name; `actions` adds a
 * control at the end of each row (the manual accounts' menu).
 */
export function AccountList({
  accounts,
  headingId,
  actions,
  emptyText = 'No accounts at this institution.',
}: {
  accounts: Account[];
  headingId: string;
  actions?: RowActions;
  emptyText?: string;
}) {
  const groups = groupAccounts(accounts);
  if (groups.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {groups.map((group) => {
        const id = `${headingId}-${group.type}`;
        return (
          <div key={group.type}>
            <Title
              order={3}
              id={id}
              fz="xs"
              fw={700}
              tt="uppercase"
              c="dimmed"
              mb={4}
              style={{ letterSpacing: 0.6 }}
            >
              {group.label}
            </Title>
            <ul className={classes.list} aria-labelledby={id}>
              {group.accounts.map((account) => (
                <AccountRow key={account.id} account={account} actions={actions} />
              ))}
            </ul>
          </div>
        );
      })}
    </Stack>
  );
}
