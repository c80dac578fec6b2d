import { subscription } from '@tally/shared';
import { api } from '../../../lib/api';

/** GET /subscriptions/{id}: one subscription as it is now, what a whole-body update starts from. */
export const getSubscription = (id: string, signal?: AbortSignal) =>
  api.get(`subscriptions/${id}`, subscription, signal);
