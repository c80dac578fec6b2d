import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /auth/verify-email/send: a new link to verify the person's address (a few an hour). */
export const sendVerificationLink = () => api.post('auth/verify-email/send');

export const useSendVerificationLink = () => useMutation({ mutationFn: sendVerificationLink });
