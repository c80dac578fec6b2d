import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  type Icon,
  IconAlertCircle,
  IconAlertTriangle,
  IconBell,
  IconCalendarDue,
  IconChartPie,
  IconCloudCheck,
  IconEyeOff,
  IconHourglass,
  IconLifebuoy,
  IconShieldLock,
  IconTrendingUp,
  IconTrophy,
  IconX,
} from '@tabler/icons-react';
import type { Notification, NotificationKind } from '@tally/shared';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { timeAgo } from '../../lib/time-ago';
import classes from './notifications.module.css';

const KIND_LOOK: Record<NotificationKind, { icon: Icon; color: string }> = {
  import_completed: { icon: IconCloudCheck, color: 'brand' },
  import_failed: { icon: IconAlertTriangle, color: 'red' },
  budget_warning: { icon: IconChartPie, color: 'orange' },
  budget_over: { icon: IconAlertCircle, color: 'red' },
  subscription_due: { icon: IconCalendarDue, color: 'blue' },
  subscription_price_increase: { icon: IconTrendingUp, color: 'orange' },
  goal_completed: { icon: IconTrophy, color: 'brand' },
  trial_ending: { icon: IconHourglass, color: 'violet' },
  accounts_hidden: { icon: IconEyeOff, color: 'orange' },
  support_message: { icon: IconLifebuoy, color: 'blue' },
  security_notice: { icon: IconShieldLock, color: 'red' },
};

export type NotificationListProps = {
  notifications: Notification[] | undefined;
  unreadCount: number;
  isError: boolean;
  /** Opening one: it is marked read and its screen shown. */
  onOpen: (notification: Notification) => void;
  onDismiss: (notification: Notification) => void;
  onReadAll: () => void;
  now?: Date;
};

/** The bell's list: newest first, unread ones highlighted, each opening the screen it concerns. */
export function NotificationList({
  notifications,
  unreadCount,
  isError,
  onOpen,
  onDismiss,
  onReadAll,
  now = new Date(),
}: NotificationListProps) {
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm" className={classes.header}>
        <Text fw={700} component="h2" fz="md" m={0}>
          Notifications
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={onReadAll} disabled={unreadCount === 0}>
          Mark all as read
        </Button>
      </Group>
      {notifications === undefined ? (
        isError ? (
          <Text fz="sm" c="dimmed" ta="center" py="xl" px="md">
            Notifications could not be loaded. They will be tried again shortly.
          </Text>
        ) : (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label="Loading notifications" />
          </Group>
        )
      ) : notifications.length === 0 ? (
        <EmptyState
          icon={IconBell}
          title="You're all caught up"
          description="Alerts about budgets, bills and goals will appear here."
          py="lg"
        />
      ) : (
        <Box component="ul" className={classes.list} aria-label="Notifications">
          {notifications.map((n) => {
            const look = KIND_LOOK[n.kind];
            const unread = n.readAt === null;
            return (
              <li key={n.id} className={classes.item} data-unread={unread || undefined}>
                <UnstyledButton
                  component={Link}
                  to={n.link}
                  onClick={() => onOpen(n)}
                  className={classes.open}
                  aria-label={`${unread ? 'Unread: ' : ''}${n.title}`}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <ThemeIcon variant="light" color={look.color} radius="xl" size={34}>
                      <look.icon size={18} stroke={1.7} />
                    </ThemeIcon>
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text fz="sm" fw={unread ? 700 : 500} lh={1.35}>
                        {n.title}
                      </Text>
                      <Text
                        fz="sm"
                        c="dimmed"
                        lh={1.4}
                        mt={2}
                        lineClamp={4}
                        style={{ whiteSpace: 'pre-line' }}
                      >
                        {n.body}
                      </Text>
                      <Text fz="xs" c="dimmed" mt={4}>
                        {timeAgo(n.createdAt, now)}
                      </Text>
                    </div>
                    {unread && <span className={classes.dot} aria-hidden />}
                  </Group>
                </UnstyledButton>
                <Tooltip label="Dismiss">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    className={classes.dismiss}
                    aria-label={`Dismiss: ${n.title}`}
                    onClick={() => onDismiss(n)}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Tooltip>
              </li>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
