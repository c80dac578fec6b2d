import { type NotificationList, notification, readAllResult } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationsKey } from './get-notifications';

/** POST /notifications/{id}/read. */
export const readNotification = (id: string) => api.post(`notifications/${id}/read`, undefined, notification);
/** POST /notifications/read-all. */
export const readAllNotifications = () => api.post('notifications/read-all', undefined, readAllResult);
/** DELETE /notifications/{id}: dismissed, never shown again. */
export const dismissNotification = async (id: string) => {
  await api.delete(`notifications/${id}`);
};

type Change = (list: NotificationList) => NotificationList;

/**
 * Optimistic: the list and the badge change at once and change back if the server says no; then the
 * list is read again by the same key.
 */
function useListMutation<T>(mutationFn: (input: T) => Promise<unknown>, change: (input: T) => Change) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (input: T) => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const previous = queryClient.getQueryData<NotificationList>(notificationsKey);
      if (previous) queryClient.setQueryData(notificationsKey, change(input)(previous));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

const unread = (list: NotificationList['notifications']) => list.filter((n) => n.readAt === null).length;
const now = () => new Date().toISOString();

export const useReadNotification = () =>
  useListMutation(readNotification, (id: string) => (list) => {
    const notifications = list.notifications.map((n) =>
      n.id === id && !n.readAt ? { ...n, readAt: now() } : n,
    );
    return {
      notifications,
      unreadCount: list.unreadCount - (unread(list.notifications) - unread(notifications)),
    };
  });

export const useReadAllNotifications = () =>
  useListMutation(readAllNotifications, () => (list) => ({
    notifications: list.notifications.map((n) => (n.readAt ? n : { ...n, readAt: now() })),
    unreadCount: 0,
  }));

export const useDismissNotification = () =>
  useListMutation(dismissNotification, (id: string) => (list) => {
    const gone = list.notifications.find((n) => n.id === id);
    return {
      notifications: list.notifications.filter((n) => n.id !== id),
      unreadCount: list.unreadCount - (gone && !gone.readAt ? 1 : 0),
    };
  });
