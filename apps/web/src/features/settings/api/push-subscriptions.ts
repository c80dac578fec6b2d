import {
  deletePushSubscriptionBody,
  type PushSubscriptionBody,
  pushKeyResponse,
  pushSubscriptionBody,
} from '@tally/shared';
import { api, jsonBody } from '../../../lib/api';

/** GET /notifications/push/key: the server's VAPID public key. */
export const getPushKey = async () => (await api.get('notifications/push/key', pushKeyResponse)).publicKey;

/** POST /notifications/push/subscriptions: this browser's subscription. */
export const savePushSubscription = (body: PushSubscriptionBody) =>
  api.post('notifications/push/subscriptions', jsonBody(pushSubscriptionBody, body));

/** DELETE /notifications/push/subscriptions: this browser stops getting push. */
export const deletePushSubscription = (endpoint: string) =>
  api.delete(
    'notifications/push/subscriptions',
    undefined,
    jsonBody(deletePushSubscriptionBody, { endpoint }),
  );
