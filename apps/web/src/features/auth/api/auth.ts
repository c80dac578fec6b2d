import {
  type ChangePasswordBody,
  type GoogleLoginBody,
  type LoginBody,
  loginResult,
  profileResponse,
  type RegisterBody,
  type UpdateProfileBody,
} from '@tally/shared';
import { z } from 'zod';
import { api } from '../../../lib/api';

/** Login results may arrive as Token/User/ExpiresAt or token/user/expiresAt; accept both. */
const anyCaseLoginResult = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const r = raw as Record<string, unknown>;
  return { token: r.token ?? r.Token, user: r.user ?? r.User, expiresAt: r.expiresAt ?? r.ExpiresAt };
}, loginResult);

export const loginRequest = (body: LoginBody) => api.post('auth/login', body, anyCaseLoginResult);
export const registerRequest = (body: RegisterBody) => api.post('auth/register', body, anyCaseLoginResult);
export const googleLoginRequest = (body: GoogleLoginBody) =>
  api.post('auth/google-login', body, anyCaseLoginResult);
export const logoutRequest = () => api.post('auth/logout');
export const changePasswordRequest = (body: ChangePasswordBody) =>
  api.post('auth/change-password', body, anyCaseLoginResult);

export const getProfile = (signal?: AbortSignal) =>
  api.get('user/profile', profileResponse, signal).then((r) => r.data);
export const updateProfileRequest = (body: UpdateProfileBody) =>
  api.put('user/profile', body, profileResponse).then((r) => r.data);
