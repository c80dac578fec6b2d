import { type NotificationSettings, notificationSettings } from '@tally/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const key = ['user', 'notification-settings'];

export const notificationSettingsQuery = queryOptions({
  queryKey: key,
  queryFn: ({ signal }) => api.get('user/notification-settings', notificationSettings, signal),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

/** Optimistic: the switch moves at once and moves back if the server says no. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<NotificationSettings>) =>
      api.put('user/notification-settings', body, notificationSettings),
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
