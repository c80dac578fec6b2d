import { linkTokenResponse } from '@tally/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const createLinkToken = () => api.post('plaid/create-link-token', undefined, linkTokenResponse);

export const useCreateLinkToken = () => useMutation({ mutationFn: createLinkToken });
