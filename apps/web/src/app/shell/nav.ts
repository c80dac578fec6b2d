import {
  IconArrowsExchange,
  IconBuildingBank,
  IconChartBar,
  IconLayoutDashboard,
  IconPigMoney,
  IconReceipt2,
  IconSettings,
  IconWallet,
} from '@tabler/icons-react';

export const NAV_ITEMS = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Transactions', to: '/transactions', icon: IconArrowsExchange },
  { label: 'Subscriptions', to: '/subscriptions', icon: IconReceipt2 },
  { label: 'Accounts', to: '/accounts', icon: IconBuildingBank },
  { label: 'Budgets', to: '/budgets', icon: IconWallet },
  { label: 'Savings', to: '/savings', icon: IconPigMoney },
  { label: 'Reports', to: '/reports', icon: IconChartBar },
  { label: 'Settings', to: '/settings', icon: IconSettings },
] as const;

/**
 * Screens reached from within others rather than the sidebar (Rules: from Settings and Transactions; Help
 * and the tax report: from the account menu); the top bar's breadcrumb names them all the same.
 */
export const OTHER_SCREENS = [
  { label: 'Rules', to: '/rules' },
  { label: 'Help', to: '/help' },
  { label: 'Tax report', to: '/tax' },
] as const;
