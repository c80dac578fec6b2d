import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { changePasswordBody, type User } from '@tally/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../app/auth';
import { Dialog } from '../../components/Dialog';
import { errorMessage } from '../../lib/api';
import { firstError } from '../../lib/form';
import { changePasswordRequest } from '../auth/api/auth';

export function ChangePasswordDialog({
  user,
  opened,
  onClose,
}: {
  user: User;
  opened: boolean;
  onClose: () => void;
}) {
  const { replaceSession } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const change = useMutation({
    mutationFn: changePasswordRequest,
    onSuccess: (result) => {
      replaceSession(result);
      notifications.show({
        color: 'green',
        title: 'Password changed',
        message: 'Other devices have been signed out.',
        autoClose: 4000,
      });
      form.reset();
      onClose();
    },
    onError: (e) => setError(errorMessage(e, 'Failed to change your password. Please try again.')),
  });

  const submit = form.onSubmit(({ confirmPassword, ...body }) => {
    const invalid =
      firstError(changePasswordBody, body) ??
      (confirmPassword === body.newPassword ? null : 'Passwords do not match');
    setError(invalid);
    if (!invalid) change.mutate(body);
  });

  return (
    <Dialog opened={opened} onClose={onClose} title="Security" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fz="sm" c="dimmed">
            {user.isGoogleUser
              ? 'You sign in with Google. If you also set a password with Tally, change it here.'
              : 'Changing your password signs you out on every other device.'}
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            description="At least 6 characters"
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
