import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconBuildingBank, IconCreditCard, IconPigMoney, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCurrency } from '../../../lib/format';
import type { PageSummary } from '../account-summary';
import { DEBT_MONEY, POSITIVE_MONEY } from '../money-colors';

function SummaryCard({
  label,
  value,
  hint,
  icon: IconComponent,
  color,
  valueColor,
}: {
  label: string;
  value: ReactNode;
  hint: string;
  icon: Icon;
  color: string;
  valueColor?: string;
}) {
  return (
    <Card padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fz="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={34} radius="md" aria-hidden visibleFrom="xs">
          <IconComponent size={18} stroke={1.7} />
        </ThemeIcon>
      </Group>
      <Text
        fz={{ base: 20, sm: 26 }}
        fw={700}
        lh={1.2}
        mt={4}
        c={valueColor}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
      <Text fz="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function SummaryCards({ summary }: { summary: PageSummary }) {
  const inactive = summary.totalConnections - summary.activeConnections;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
      <SummaryCard
        label="Total Connections"
        value={summary.totalConnections}
        hint={
          inactive > 0
            ? `${summary.activeConnections} active, ${inactive} disconnected`
            : `${summary.activeConnections} active`
        }
        icon={IconBuildingBank}
        color="blue"
      />
      <SummaryCard
        label="Total Accounts"
        value={summary.totalAccounts}
        hint={
          summary.activeConnections === 0
            ? 'Linked accounts appear here'
            : `Across ${plural(summary.activeConnections, 'institution')}`
        }
        icon={IconWallet}
        color="violet"
      />
      <SummaryCard
        label="Total Balance"
        value={formatCurrency(summary.totalBalance)}
        hint="Cash and investments"
        icon={IconPigMoney}
        color="teal"
        valueColor={summary.totalBalance > 0 ? POSITIVE_MONEY : undefined}
      />
      <SummaryCard
        label="Credit Balance"
        value={formatCurrency(summary.creditBalance)}
        hint="Used on credit cards"
        icon={IconCreditCard}
        color="red"
        valueColor={summary.creditBalance > 0 ? DEBT_MONEY : undefined}
      />
    </SimpleGrid>
  );
}

export function SummaryCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
      {['connections', 'accounts', 'balance', 'credit'].map((key) => (
        <Card key={key} padding="md">
          <Skeleton h={14} w="60%" />
          <Skeleton h={26} w="70%" mt={12} />
          <Skeleton h={10} w="45%" mt={10} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
