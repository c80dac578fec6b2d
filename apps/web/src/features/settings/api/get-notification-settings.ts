import { notificationSettings } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /user/notification-settings. */
export const getNotificationSettings = (signal?: AbortSignal) =>
  api.get('user/notification-settings', notificationSettings, signal);

export const notificationSettingsQuery = queryOptions({
  queryKey: queryKeys.settings.notifications,
  queryFn: ({ signal }) => getNotificationSettings(signal),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);
