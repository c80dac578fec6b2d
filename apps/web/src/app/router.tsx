import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AuthProvider } from './auth';
import { LoadingScreen, RequireAuth } from './guards';
import { AppLayout } from './shell/AppLayout';

// Each screen is its own chunk: the first screen downloads only what it shows. (Declarative routes: the
// data router's loaders and actions, which the app does not use, would weigh on every screen.)
function lazyScreen(load: () => Promise<ComponentType>) {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    );
  };
}

const DashboardPage = lazyScreen(
  async () => (await import('../features/dashboard/DashboardPage')).DashboardPage,
);
// Transactions offers Mark as Recurring, which belongs to subscriptions: the app hands it over (features do
// not import each other; see lib/mark-as-recurring).
const TransactionsPage = lazyScreen(async () => {
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
  async () => (await import('../features/subscriptions/SubscriptionsPage')).SubscriptionsPage,
);
const AccountsPage = lazyScreen(async () => (await import('../features/accounts/AccountsPage')).AccountsPage);
const BudgetsPage = lazyScreen(async () => (await import('../features/budgets/BudgetsPage')).BudgetsPage);
const SavingsPage = lazyScreen(async () => (await import('../features/savings/SavingsPage')).SavingsPage);
const GoalDetailPage = lazyScreen(
  async () => (await import('../features/savings/GoalDetailPage')).GoalDetailPage,
);
const SettingsPage = lazyScreen(async () => (await import('../features/settings/SettingsPage')).SettingsPage);
const HelpPage = lazyScreen(async () => (await import('../features/support/HelpPage')).HelpPage);
const RulesPage = lazyScreen(async () => (await import('../features/rules/RulesPage')).RulesPage);
const TaxPage = lazyScreen(async () => (await import('../features/tax/TaxPage')).TaxPage);
const VerifyEmailPage = lazyScreen(
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
