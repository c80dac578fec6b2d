import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';

// Mantine's toast close button has no accessible name of its own, and its light-mode description grey
// (gray.6) is below 4.5:1 on white; the theme's dimmed colour is not.
const closeButtonProps = { 'aria-label': 'Dismiss notification' };
const styles = { description: { color: 'var(--mantine-color-dimmed)' } };

/** The screen's toasts: green with a tick for success, red with a warning for failure (SPEC §9: 2 to 8 s). */
export function toastSuccess(title: string, message: string, autoClose = 4000) {
  notifications.show({
    color: 'teal',
    icon: <IconCheck size={18} />,
    title,
    message,
    autoClose,
    closeButtonProps,
    styles,
  });
}

export function toastError(title: string, message: string, autoClose = 6000) {
  notifications.show({
    color: 'red',
    icon: <IconAlertTriangle size={18} />,
    title,
    message,
    autoClose,
    closeButtonProps,
    styles,
  });
}
