import { detectBody, detectedSubscriptionList } from '@tally/shared';
import { useMutation } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';

export type DetectInput = { includeBills: boolean };

/**
 * POST /subscriptions/detect: recurring charges in the transaction history that are not tracked yet (nor
 * dismissed). A fresh look each time, so it is a mutation the dialog runs, not a cached query.
 */
export const detectSubscriptions = ({ includeBills }: DetectInput) =>
  api.post('subscriptions/detect', jsonBody(detectBody, { includeBills }), detectedSubscriptionList);

export const useDetectSubscriptions = () => useMutation({ mutationFn: detectSubscriptions });
