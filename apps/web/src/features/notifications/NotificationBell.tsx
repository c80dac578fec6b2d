import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/toast';
import { useNotifications } from './api/get-notifications';
import {
  useDismissNotification,
  useReadAllNotifications,
  useReadNotification,
} from './api/update-notifications';
import { NotificationList } from './NotificationList';

/** The top bar's bell: the unread count as a badge, and the list in a popover. */
export function NotificationBell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  const list = useNotifications();
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const dismiss = useDismissNotification();
  const unread = list.data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const navigate = useNavigate();
  // Escape closes the list wherever the focus is: the popover's own handler hears it only from inside the
  // list, and the focus may not be there yet (just opened) or any more (the item it was on dismissed).
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') close();
  });

  // A push notification clicked while Tally is open: the service worker (public/sw.js) asks this tab to
  // show the screen it concerns.
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== 'tally:open')
        return;
      const link = 'link' in data && typeof data.link === 'string' ? data.link : '';
      if (link.startsWith('/') && !link.startsWith('//')) {
        navigate(link);
        void list.refetch();
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate, list.refetch]);

  // A native title, as the top bar's other buttons have: a Tooltip would set up its positioning on every
  // screen's start.
  const button = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={opened ? undefined : label}
      aria-expanded={opened}
      onClick={() => {
        setUsed(true);
        toggle();
      }}
    >
      <Indicator
        disabled={unread === 0}
        label={unread > 9 ? '9+' : unread}
        size={16}
        color="red"
        offset={2}
        fz={10}
        fw={700}
      >
        <IconBell size={18} stroke={1.6} />
      </Indicator>
    </ActionIcon>
  );
  // The popover (its portal and positioning) is set up when the bell is first pressed, not on every
  // screen's start; it opens at once.
  if (!used) return button;

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? undefined : close())}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
      withArrow
      trapFocus
      returnFocus
    >
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown p={0}>
        <NotificationList
          notifications={list.data?.notifications}
          unreadCount={unread}
          isError={list.isError}
          onOpen={(n) => {
            if (!n.readAt) read.mutate(n.id);
            close();
          }}
          onDismiss={(n) =>
            dismiss.mutate(n.id, {
              onError: () => toast.error('Error', 'Failed to dismiss the notification. Please try again.'),
            })
          }
          onReadAll={() =>
            readAll.mutate(undefined, {
              onError: () => toast.error('Error', 'Failed to mark notifications as read. Please try again.'),
            })
          }
        />
      </Popover.Dropdown>
    </Popover>
  );
}
