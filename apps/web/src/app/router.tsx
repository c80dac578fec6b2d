import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AuthProvider } from './auth';
import { RequireAuth } from './guards';
import { AppLayout } from './shell/AppLayout';
import { ScreenFrame } from './shell/ScreenFrame';

// Each screen is its own chunk: the first screen downloads only what it shows. (Declarative routes: the
// data router's loaders and actions, which the app does not use, would weigh on every screen.)
function lazyScreen(path: string | undefined, load: () => Promise<ComponentType>) {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<ScreenFrame path={path} />}>
        <Screen />
      </Suspense>
    );
  };
}

const DashboardPage = lazyScreen(
  '/dashboard',
  async () => (await import('../features/dashboard/DashboardPage')).DashboardPage,
);
// Transactions offers Mark as Recurring, which belongs to subscriptions: the app hands it over (features do
// not import each other; see lib/mark-as-recurring).
const TransactionsPage = lazyScreen('/transactions', async () => {
  const [{ TransactionsPage: Transactions }, { MarkAsRecurringProvider }] = await Promise.all([
    import('../features/transactions/TransactionsPage'),
    import('../features/subscriptions/MarkAsRecurringProvider'),
  ]);
  return function TransactionsWithRecurring() {
    return (
      <MarkAsRecurringProvider>
        <Transactions />
      </MarkAsRecurringProvider>
    );
  };
});
const SubscriptionsPage = lazyScreen(
  '/subscriptions',
  async () => (await import('../features/subscriptions/SubscriptionsPage')).SubscriptionsPage,
);
const AccountsPage = lazyScreen(
  '/accounts',
  async () => (await import('../features/accounts/AccountsPage')).AccountsPage,
);
const BudgetsPage = lazyScreen(
  '/budgets',
  async () => (await import('../features/budgets/BudgetsPage')).BudgetsPage,
);
const SavingsPage = lazyScreen(
  '/savings',
  async () => (await import('../features/savings/SavingsPage')).SavingsPage,
);
const GoalDetailPage = lazyScreen(
  undefined,
  async () => (await import('../features/savings/GoalDetailPage')).GoalDetailPage,
);
const ReportsPage = lazyScreen(
  '/reports',
  async () => (await import('../features/reports/ReportsPage')).ReportsPage,
);
const SettingsPage = lazyScreen(
  '/settings',
  async () => (await import('../features/settings/SettingsPage')).SettingsPage,
);
const HelpPage = lazyScreen('/help', async () => (await import('../features/support/HelpPage')).HelpPage);
const RulesPage = lazyScreen('/rules', async () => (await import('../features/rules/RulesPage')).RulesPage);
const TaxPage = lazyScreen('/tax', async () => (await import('../features/tax/TaxPage')).TaxPage);
const VerifyEmailPage = lazyScreen(
  undefined,
  async () => (await import('../features/settings/VerifyEmailPage')).VerifyEmailPage,
);

export function AppRoutes() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <Routes>
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/transactions" element={<TransactionsPage />} />
              <Route path="/subscriptions" element={<SubscriptionsPage />} />
              <Route path="/accounts" element={<AccountsPage />} />
              <Route path="/budgets" element={<BudgetsPage />} />
              <Route path="/savings" element={<SavingsPage />} />
              <Route path="/savings/:goalId" element={<GoalDetailPage />} />
              <Route path="/reports" element={<ReportsPage />} />
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/rules" element={<RulesPage />} />
              <Route path="/help" element={<HelpPage />} />
              <Route path="/tax" element={<TaxPage />} />
            </Route>
          </Route>
          {/* The emailed link: signed in or not (the token says whose address it is). */}
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/home" element={<Navigate to="/dashboard" replace />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </AuthProvider>
    </BrowserRouter>
  );
}
