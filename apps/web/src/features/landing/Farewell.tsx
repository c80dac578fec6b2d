import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import { Notification } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import classes from './LandingPage.module.css';

export type FarewellNote = { title: string; message: string };

/** What the signed-in app asked the landing page to say as it left it (Account deleted). */
export function Farewell({ note, onClose }: { note: FarewellNote; onClose: () => void }) {
  // Pinned by a wrapper: Mantine's notification stylesheet (which arrives with this chunk, after the page's)
  // positions the notification itself.
  return (
    <div className={classes.farewell}>
      <Notification
        title={note.title}
        icon={<IconCheck size={18} />}
        color="brand"
        role="status"
        withBorder
        closeButtonProps={{ 'aria-label': 'Close notification' }}
        onClose={onClose}
      >
        {note.message}
      </Notification>
    </div>
  );
}
