import {
  type NotificationSettings,
  notificationSettings,
  updateNotificationSettingsBody,
} from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /user/notification-settings: only the switches sent change. */
export const updateNotificationSettings = (body: Partial<NotificationSettings>) =>
  api.put('user/notification-settings', jsonBody(updateNotificationSettingsBody, body), notificationSettings);

const key = queryKeys.settings.notifications;

/** Optimistic: the switch moves at once and moves back if the server says no. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationSettings>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
