import {
  ActionIcon,
  Badge,
  Card,
  Divider,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { accountTotals, type Connection, formatMoney } from '@tally/shared';
import type { ComponentProps, ReactNode } from 'react';
import { DEBT_MONEY } from '../../../lib/money-colors';
import { AccountList } from './AccountList';

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'sm', sm: 'md' }} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/** How many accounts the connection holds, their total balance and the credit used. */
function ConnectionStats({ accounts }: { accounts: Connection['accounts'] }) {
  const totals = accountTotals(accounts);
  return (
    <SimpleGrid cols={3} spacing="xs">
      <Stat label="Accounts" value={String(accounts.length)} />
      <Stat label="Total balance" value={formatMoney(totals.totalBalance)} />
      <Stat
        label="Credit used"
        value={formatMoney(totals.creditUsed)}
        color={totals.creditUsed > 0 ? DEBT_MONEY : undefined}
      />
    </SimpleGrid>
  );
}

/**
 * One connection's card, a linked bank (InstitutionCard) or the accounts kept by hand (ManualAccountsCard):
 * its name with an icon, a badge and a line under it, an actions menu, then `children` (notices), the
 * figures and the accounts.
 */
export function ConnectionCard({
  connection,
  icon,
  color,
  badge,
  subtitle,
  menuLabel,
  menuWidth,
  menu,
  accountActions,
  emptyText,
  children,
}: {
  connection: Connection;
  icon: ReactNode;
  /** The icon's colour. */
  color: string;
  badge: { label: string; color: string };
  subtitle: ReactNode;
  /** The name of the button that opens the menu. */
  menuLabel: string;
  menuWidth: number;
  /** The menu's items. */
  menu: ReactNode;
  accountActions?: ComponentProps<typeof AccountList>['actions'];
  emptyText?: string;
  children?: ReactNode;
}) {
  const headingId = `institution-${connection.id}`;
  return (
    <Card component="section" aria-labelledby={headingId} p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group wrap="nowrap" gap="sm" miw={0}>
            <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
              {icon}
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Group gap={8} wrap="wrap">
                <Title order={2} id={headingId} fz="lg" lh={1.3}>
                  {connection.institutionName}
                </Title>
                <Badge variant="dot" color={badge.color} size="sm">
                  {badge.label}
                </Badge>
              </Group>
              {subtitle}
            </div>
          </Group>
          <Menu position="bottom-end" shadow="md" width={menuWidth}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={menuLabel}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>{menu}</Menu.Dropdown>
          </Menu>
        </Group>

        {children}

        <ConnectionStats accounts={connection.accounts} />

        <Divider />

        <AccountList
          accounts={connection.accounts}
          headingId={headingId}
          actions={accountActions}
          emptyText={emptyText}
        />
      </Stack>
    </Card>
  );
}
