import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { AuthProvider } from './auth';
import { LoadingScreen, RequireAuth } from './guards';
import { AppLayout } from './shell/AppLayout';
import { FeatureEmptyScreen } from './shell/FeatureEmptyScreen';

function Root() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

// Each screen is its own chunk: the first screen downloads only what it shows.
const screen = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

export const router = createBrowserRouter([
  {
    element: <Root />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                path: '/dashboard',
                lazy: screen(async () => (await import('../features/dashboard/DashboardPage')).DashboardPage),
              },
              {
                path: '/transactions',
                lazy: screen(
                  async () => (await import('../features/transactions/TransactionsPage')).TransactionsPage,
                ),
              },
              { path: '/subscriptions', element: <FeatureEmptyScreen screen="subscriptions" /> },
              {
                path: '/accounts',
                lazy: screen(async () => (await import('../features/accounts/AccountsPage')).AccountsPage),
              },
              { path: '/budgets', element: <FeatureEmptyScreen screen="budgets" /> },
              { path: '/savings', element: <FeatureEmptyScreen screen="savings" /> },
              {
                path: '/settings',
                lazy: screen(async () => (await import('../features/settings/SettingsPage')).SettingsPage),
              },
            ],
          },
        ],
      },
      { path: '/home', element: <Navigate to="/dashboard" replace /> },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);
