import { type User, user as userSchema } from '@tally/shared';

// The spec's local storage keys.
export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'userData';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The stored user, or null when missing or unreadable. */
export function getStoredUser(): User | null {
  try {
    const parsed = userSchema.safeParse(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: User) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function storeUser(user: User) {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
