import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ToastOptions = {
  id?: string;
  /** SPEC §9: toasts stay 2 to 8 s. */
  autoClose?: number;
  /**
   * The Accounts screen marks its outcomes with a tick or a warning sign; the other screens show the
   * coloured bar alone.
   */
  withIcon?: boolean;
};

const LOOKS = {
  success: { plain: { color: 'green', autoClose: 3000 }, icon: { color: 'teal', autoClose: 4000 } },
  error: { plain: { color: 'red', autoClose: 5000 }, icon: { color: 'red', autoClose: 6000 } },
} as const;
const ICONS = { success: <IconCheck size={18} />, error: <IconAlertTriangle size={18} /> };

function show(kind: keyof typeof LOOKS, title: string, message: ReactNode, options: ToastOptions) {
  const { withIcon = false, ...rest } = options;
  const look = withIcon ? LOOKS[kind].icon : LOOKS[kind].plain;
  notifications.show({ ...look, ...(withIcon ? { icon: ICONS[kind] } : {}), title, message, ...rest });
}

/**
 * The app's toasts, one helper for every screen. The close button's name and the readable description
 * colour come from the theme's Notification defaults.
 */
export const toast = {
  success: (title: string, message: ReactNode, options: ToastOptions = {}) =>
    show('success', title, message, options),
  error: (title: string, message: ReactNode, options: ToastOptions = {}) =>
    show('error', title, message, options),
  /** A neutral toast, e.g. one that carries an action such as Undo. */
  info: (title: string, message: ReactNode, { id, autoClose = 4000 }: Omit<ToastOptions, 'withIcon'> = {}) =>
    notifications.show({ id, title, message, autoClose }),
  hide: (id: string) => notifications.hide(id),
};
