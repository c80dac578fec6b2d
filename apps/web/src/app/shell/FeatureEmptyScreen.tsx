import { Card } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBuildingBank,
  IconPigMoney,
  IconReceipt2,
  IconWallet,
} from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';

const SCREENS = {
  transactions: {
    title: 'Transactions',
    icon: IconArrowsExchange,
    empty: 'No transactions found',
    text: 'Transactions from your linked bank accounts will be listed here.',
  },
  subscriptions: {
    title: 'Subscriptions',
    icon: IconReceipt2,
    empty: 'No subscriptions yet',
    text: 'Recurring payments you track, or that Tally finds in your history, will be listed here.',
  },
  accounts: {
    title: 'Accounts',
    icon: IconBuildingBank,
    empty: 'No accounts connected',
    text: 'Your linked banks and their balances will be listed here.',
  },
  budgets: {
    title: 'Budgets',
    icon: IconWallet,
    empty: 'No Active Budget',
    text: 'Your budget, by category and period, will be shown here.',
  },
  savings: {
    title: 'Savings Goals',
    icon: IconPigMoney,
    empty: 'No savings goals yet',
    text: 'Goals you fund from leftover budget will be shown here.',
  },
} as const;

/** What a new person sees on a screen whose data they do not have yet. */
export function FeatureEmptyScreen({ screen }: { screen: keyof typeof SCREENS }) {
  const s = SCREENS[screen];
  return (
    <>
      <PageHeader title={s.title} />
      <Card>
        <EmptyState icon={s.icon} title={s.empty} description={s.text} py={48} />
      </Card>
    </>
  );
}
