import { Card, SimpleGrid, Skeleton } from '@mantine/core';
import { IconBuildingBank, IconCreditCard, IconPigMoney, IconWallet } from '@tabler/icons-react';
import { formatMoney } from '@tally/shared';
import { StatCard } from '../../../components/StatCard';
import { DEBT_MONEY, POSITIVE_MONEY } from '../../../lib/money-colors';
import type { PageSummary } from '../account-summary';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function connectionsHint(summary: PageSummary): string {
  const inactive = summary.totalConnections - summary.activeConnections;
  if (summary.totalConnections === 0) return summary.manualAccounts > 0 ? 'No banks linked yet' : '0 active';
  return inactive > 0
    ? `${summary.activeConnections} active, ${inactive} disconnected`
    : `${summary.activeConnections} active`;
}

function accountsHint(summary: PageSummary): string {
  const linked = summary.totalAccounts - summary.manualAccounts;
  if (summary.manualAccounts > 0) {
    return linked > 0
      ? `${linked} linked, ${summary.manualAccounts} manual`
      : plural(summary.manualAccounts, 'manual account');
  }
  return summary.activeConnections === 0
    ? 'Linked accounts appear here'
    : `Across ${plural(summary.activeConnections, 'institution')}`;
}

export function SummaryCards({ summary }: { summary: PageSummary }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
      <StatCard
        label="Total Connections"
        value={summary.totalConnections}
        hint={connectionsHint(summary)}
        icon={IconBuildingBank}
        color="blue"
      />
      <StatCard
        label="Total Accounts"
        value={summary.totalAccounts}
        hint={accountsHint(summary)}
        icon={IconWallet}
        color="violet"
      />
      <StatCard
        label="Total Balance"
        value={formatMoney(summary.totalBalance)}
        hint="Cash and investments"
        icon={IconPigMoney}
        color="teal"
        valueColor={summary.totalBalance > 0 ? POSITIVE_MONEY : undefined}
      />
      <StatCard
        label="Credit Balance"
        value={formatMoney(summary.creditUsed)}
        hint="Used on credit cards"
        icon={IconCreditCard}
        color="red"
        valueColor={summary.creditUsed > 0 ? DEBT_MONEY : undefined}
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
