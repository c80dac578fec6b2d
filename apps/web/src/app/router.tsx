import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LandingPage } from '../features/landing/LandingPage';
import { SettingsPage } from '../features/settings/SettingsPage';
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
              { path: '/transactions', element: <FeatureEmptyScreen screen="transactions" /> },
              { path: '/subscriptions', element: <FeatureEmptyScreen screen="subscriptions" /> },
              { path: '/accounts', element: <FeatureEmptyScreen screen="accounts" /> },
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
