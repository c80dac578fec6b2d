import type { GoogleLoginBody, LoginBody, LoginResult, RegisterBody, User } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { googleLoginRequest } from '../features/auth/api/google-login';
import { loginRequest } from '../features/auth/api/login';
import { logoutRequest } from '../features/auth/api/logout';
import { registerRequest } from '../features/auth/api/register';
import { getProfile } from '../features/settings/api/get-profile';
import { setUnauthorizedHandler } from '../lib/api';
import { log } from '../lib/log';
import { clearSession, getStoredUser, getToken, storeSession, storeUser } from '../lib/session';

type AuthState =
  | { status: 'loading' }
  /** signedOut: the person just chose to sign out, so protected screens send them home, not to /login. */
  | { status: 'guest'; signedOut?: boolean }
  | { status: 'authenticated'; user: User };

type AuthContextValue = {
  state: AuthState;
  login: (body: LoginBody) => Promise<void>;
  register: (body: RegisterBody) => Promise<void>;
  googleLogin: (body: GoogleLoginBody) => Promise<void>;
  /** Keeps the stored user in step after a profile change. */
  setUser: (user: User) => void;
  /** Replaces the token after a password change revoked the old ones. */
  replaceSession: (result: LoginResult) => void;
  logout: () => Promise<void>;
  /** Signs out in this browser only, without asking the server: the account is gone (deleted). */
  endSession: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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

  const signOutLocally = useCallback(
    (signedOut = false) => {
      clearSession();
      queryClient.clear();
      setState({ status: 'guest', signedOut });
    },
    [queryClient],
  );

  useEffect(() => {
    setUnauthorizedHandler(() => {
      signOutLocally();
      navigate('/login', { replace: true });
    });
  }, [navigate, signOutLocally]);

  const value = useMemo<AuthContextValue>(() => {
    const accept = (result: LoginResult) => {
      storeSession(result.token, result.user);
      setState({ status: 'authenticated', user: result.user });
    };
    return {
      state,
      login: async (body) => accept(await loginRequest(body)),
      register: async (body) => accept(await registerRequest({ ...body, timeZone: browserTimeZone() })),
      googleLogin: async (body) => accept(await googleLoginRequest({ ...body, timeZone: browserTimeZone() })),
      setUser: (user) => {
        storeUser(user);
        setState({ status: 'authenticated', user });
      },
      replaceSession: accept,
      logout: async () => {
        try {
          await logoutRequest();
        } catch (error) {
          log.warn('Logout request failed; signing out locally', error);
        }
        signOutLocally(true);
      },
      endSession: () => signOutLocally(true),
    };
  }, [state, signOutLocally]);

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
