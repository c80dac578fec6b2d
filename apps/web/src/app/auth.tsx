import type { LoginResult, User } from '@tally/shared';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { logoutRequest } from '../features/auth/api/logout';
import { logoutAllRequest } from '../features/auth/api/logout-all';
import { getProfile } from '../features/settings/api/get-profile';
import { log } from '../lib/log';
import { page } from '../lib/page';
import { clearSession, getStoredUser, getToken, storeSession, storeUser } from '../lib/session';
import { FAREWELL_KEY } from './paths';

/**
 * The browser's push code loads when first needed: every screen's first download carries the auth provider,
 * and most sessions never touch push beyond one check at start.
 */
const pushBrowser = () => import('../features/settings/push-browser');
const unsubscribeThisBrowser = async (options?: { forget?: boolean }) =>
  (await pushBrowser()).unsubscribeThisBrowser(options);

type AuthState = { status: 'loading' } | { status: 'guest' } | { status: 'authenticated'; user: User };

type AuthContextValue = {
  state: AuthState;
  /** Keeps the stored user in step after a profile change. */
  setUser: (user: User) => void;
  /** Replaces the token after a password change revoked the old ones. */
  replaceSession: (result: LoginResult) => void;
  logout: () => Promise<void>;
  /** Signs out on every device and browser, this one included; fails (and stays signed in) if the server says no. */
  logoutEverywhere: () => Promise<void>;
  /**
   * Signs out in this browser only, without asking the server: the account is gone (deleted). The
   * landing page shows `farewell` (a title and a message).
   */
  endSession: (farewell?: { title: string; message: string }) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => {
    if (!getToken()) return { status: 'guest' };
    const user = getStoredUser();
    return user ? { status: 'authenticated', user } : { status: 'loading' };
  });

  // A token without a readable stored user: ask the server who we are, or sign out.
  useEffect(() => {
    if (state.status !== 'loading') return;
    const controller = new AbortController();
    getProfile(controller.signal)
      .then((user) => {
        storeUser(user);
        setState({ status: 'authenticated', user });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        log.warn('Could not restore the session', error);
        clearSession();
        setState({ status: 'guest' });
      });
    return () => controller.abort();
  }, [state.status]);

  // Each session registers this browser's push for itself (signing a session out removes its browsers):
  // when the app opens signed in, and again when the session is replaced (a password change).
  const [token, setToken] = useState(getToken);
  const userId = state.status === 'authenticated' ? state.user.id : null;
  useEffect(() => {
    if (!userId || !token) return;
    pushBrowser()
      .then(({ registerPushAgain }) => registerPushAgain(userId))
      .catch((error: unknown) => log.warn('Could not register this browser for push again', error));
  }, [userId, token]);

  const value = useMemo<AuthContextValue>(() => {
    /** The public pages are separate documents: leaving the app is a page load, which also drops every cache. */
    const leave = (farewell?: { title: string; message: string }) => {
      clearSession();
      if (farewell) sessionStorage.setItem(FAREWELL_KEY, JSON.stringify(farewell));
      page.leaveFor('/');
    };
    return {
      state,
      setUser: (user) => {
        storeUser(user);
        setState({ status: 'authenticated', user });
      },
      replaceSession: (result) => {
        storeSession(result.token, result.user);
        setState({ status: 'authenticated', user: result.user });
        setToken(result.token);
      },
      logout: async () => {
        // Signed out, this browser receives no push at all (the server forgets it with the session).
        await unsubscribeThisBrowser().catch((error: unknown) =>
          log.warn('Could not unsubscribe this browser from push', error),
        );
        try {
          await logoutRequest();
        } catch (error) {
          log.warn('Logout request failed; signing out locally', error);
        }
        leave();
      },
      logoutEverywhere: async () => {
        await logoutAllRequest();
        await unsubscribeThisBrowser().catch((error: unknown) =>
          log.warn('Could not unsubscribe this browser from push', error),
        );
        leave();
      },
      endSession: (farewell) => {
        void unsubscribeThisBrowser({ forget: true }).catch(() => {});
        leave(farewell);
      },
    };
  }, [state]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const unavailable = () => {
  throw new Error('The prerendered frame has no session');
};

/** The app's frame as prerendered at build time (scripts/postbuild.mjs): nobody signed in yet, nothing to do. */
export function FrameAuthProvider({ children }: { children: ReactNode }) {
  const value: AuthContextValue = {
    state: { status: 'loading' },
    setUser: unavailable,
    replaceSession: unavailable,
    logout: unavailable,
    logoutEverywhere: unavailable,
    endSession: unavailable,
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

/** The signed-in user; only for screens behind the protected route. */
export function useCurrentUser(): User {
  const { state } = useAuth();
  if (state.status !== 'authenticated') throw new Error('useCurrentUser outside a protected route');
  return state.user;
}
