import { loginResult } from '@tally/shared';
import { z } from 'zod';

/** Login results may arrive as Token/User/ExpiresAt or token/user/expiresAt; accept both. */
export const anyCaseLoginResult = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const r = raw as Record<string, unknown>;
  return { token: r.token ?? r.Token, user: r.user ?? r.User, expiresAt: r.expiresAt ?? r.ExpiresAt };
}, loginResult);
