import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { AccountsPage } from '../features/accounts/AccountsPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LandingPage } from '../features/landing/LandingPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { TransactionsPage } from '../features/transactions/TransactionsPage';
import { AuthProvider } from './auth';
import { GuestOnly, RequireAuth } from './guards';
import { AppLayout } from './shell/AppLayout';
import { FeatureEmptyScreen } from './shell/FeatureEmptyScreen';

function Root() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/transactions', element: <TransactionsPage /> },
              { path: '/subscriptions', element: <FeatureEmptyScreen screen="subscriptions" /> },
              { path: '/accounts', element: <AccountsPage /> },
              { path: '/budgets', element: <FeatureEmptyScreen screen="budgets" /> },
              { path: '/savings', element: <FeatureEmptyScreen screen="savings" /> },
              { path: '/settings', element: <SettingsPage /> },
            ],
          },
        ],
      },
      { path: '/home', element: <Navigate to="/dashboard" replace /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
