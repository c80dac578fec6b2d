import { NOTIFICATION_POLL_MS, notificationList } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const notificationsKey = queryKeys.notifications;

/** GET /notifications: the newest first, with the unread count; asked again every minute for the bell. */
export const notificationsQuery = queryOptions({
  queryKey: notificationsKey,
  queryFn: ({ signal }) => api.get('notifications', notificationList, signal),
  refetchInterval: NOTIFICATION_POLL_MS,
});

export const useNotifications = () => useQuery(notificationsQuery);
