import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Messages } from '../../components/Messages';

/** What the last sign-in or sign-up attempt found. */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      <Messages messages={messages} />
    </Alert>
  );
}
