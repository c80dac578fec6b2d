import { Alert, Button, Group, List, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash, IconX } from '@tabler/icons-react';
import { type DeleteAccountBody, deleteAccountBody, type User } from '@tally/shared';
import { useState } from 'react';
import { useAuth } from '../../app/auth';
import { usePublicConfig } from '../../app/config';
import { Dialog } from '../../components/Dialog';
import { GoogleButton } from '../../components/GoogleButton';
import { Messages } from '../../components/Messages';
import { errorMessage } from '../../lib/api';
import { errorMessages, zodResolver } from '../../lib/form';
import { useDeleteAccount } from './api/delete-account';

/** The password half of the shared body: the form checks what the server will. */
const [passwordConfirmation] = deleteAccountBody.options;

/**
 * Deleting the account, confirmed again with what the person signs in with: the password, or for an
 * account that signs in with Google only, Google's sign-in button (the same one the login page shows).
 */
export function DeleteAccountDialog({
  user,
  opened,
  onClose,
}: {
  user: User;
  opened: boolean;
  onClose: () => void;
}) {
  const { endSession } = useAuth();
  const config = usePublicConfig();
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const form = useForm({
    initialValues: { password: '' },
    validate: zodResolver(passwordConfirmation),
    // The alert keeps what the last attempt found until the next one.
    clearInputErrorOnChange: false,
  });
  const messages = error ? [error] : errorMessages(form.errors);

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const confirm = (body: DeleteAccountBody) => {
    setError(null);
    remove.mutate(body, {
      onSuccess: () => {
        // The session went with the account: forget it here; the landing page says what happened.
        endSession({
          title: 'Account deleted',
          message: 'Your account and all of its data have been deleted.',
        });
      },
      onError: (e) => setError(errorMessage(e, 'Failed to delete your account. Please try again.')),
    });
  };

  const submit = form.onSubmit(
    ({ password }) => confirm({ password }),
    () => setError(null),
  );

  const onGoogle = (credential: string | undefined) => {
    if (!credential) return setError('No credential received from Google');
    confirm({ idToken: credential });
  };

  const clientId = config.data?.googleClientId;
  return (
    <Dialog opened={opened} onClose={close} pending={remove.isPending} title="Delete your account?" centered>
      <Stack gap="md">
        <Text fz="sm">Deleting your account will:</Text>
        <List
          fz="sm"
          spacing={8}
          styles={{ itemLabel: { lineHeight: 1.45 } }}
          center
          icon={
            <ThemeIcon color="red" variant="light" size={22} radius="xl" aria-hidden>
              <IconX size={13} stroke={2.4} />
            </ThemeIcon>
          }
        >
          <List.Item>Disconnect every linked bank</List.Item>
          <List.Item>Permanently delete your transactions, accounts and settings</List.Item>
          <List.Item>Sign you out on every device</List.Item>
        </List>
        <Text fz="sm" fw={600}>
          This cannot be undone.
        </Text>
        {messages.length > 0 && (
          <Alert color="red" role="alert">
            <Messages messages={messages} />
          </Alert>
        )}
        {user.hasPassword ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <PasswordInput
                label="Password"
                description="Enter your password to confirm"
                autoComplete="current-password"
                required
                data-autofocus
                {...form.getInputProps('password', { withError: false })}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close} disabled={remove.isPending}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  loading={remove.isPending}
                >
                  Delete Account
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="md">
            <Text fz="sm">You sign in with Google. Sign in with Google again to confirm.</Text>
            {clientId ? (
              <GoogleButton
                clientId={clientId}
                mode="signin"
                onCredential={onGoogle}
                disabled={remove.isPending}
              />
            ) : (
              <Text fz="sm" c="dimmed">
                Google sign-in is not available right now. Please try again later.
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Dialog>
  );
}
