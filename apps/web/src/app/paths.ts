/**
 * Where each part of the web app lives. The public pages are prerendered documents of their own; every
 * other path is the signed-in app. Read by the router, the server's boot script and the dev server.
 */
export const PUBLIC_PAGES = {
  '/': 'index.html',
  '/login': 'login.html',
  '/register': 'register.html',
} as const;

/** The signed-in app's screens; /home is an old name for the dashboard. */
export const APP_PATHS = [
  '/dashboard',
  '/transactions',
  '/subscriptions',
  '/accounts',
  '/budgets',
  '/savings',
  '/settings',
  '/home',
] as const;

/** Set before a deliberate sign-out leaves the app, so the landing page can say goodbye. */
export const FAREWELL_KEY = 'tally:farewell';
