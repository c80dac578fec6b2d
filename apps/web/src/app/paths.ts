/**
 * Where each part of the web app lives. The public pages are prerendered documents of their own; every
 * other path is the signed-in app. Read by vite.config.ts for the pages' boot scripts and the dev server;
 * keep APP_PATHS in step with the app's routes (app/router.tsx), or a guest there is sent home, not to
 * /login.
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
  '/reports',
  '/settings',
  '/rules',
  '/help',
  '/tax',
  '/home',
] as const;

/**
 * Screens of the signed-in app that a visitor without a session may open too: the verification email's
 * link, which may be opened on a device where nobody is signed in.
 */
export const OPEN_APP_PATHS = ['/verify-email'] as const;

/** Set when the app signs the person out for good (account deleted), so the landing page can say so. */
export const FAREWELL_KEY = 'tally:farewell';
