import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordBody, type LoginResult, setPasswordBody, type User } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useAuth } from '../../app/auth';
import { Dialog } from '../../components/Dialog';
import { Messages } from '../../components/Messages';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { errorMessages, zodResolver } from '../../lib/form';
import { queryKeys } from '../../lib/query-keys';
import { useChangePassword, useSetPassword } from '../auth';

/** The shared request body plus a confirmation that never leaves the browser. */
const withConfirmation = <S extends z.ZodObject<{ newPassword: z.ZodType<string> }>>(body: S) =>
  body.extend({ confirmPassword: z.string() }).refine((v) => v.confirmPassword === v.newPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
const changePasswordForm = withConfirmation(changePasswordBody);
// An account that signs in with Google only has no current password to give: it sets a first one.
const setPasswordForm = withConfirmation(setPasswordBody);

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
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodResolver(user.hasPassword ? changePasswordForm : setPasswordForm),
    // The alert keeps what the last attempt found until the next one.
    clearInputErrorOnChange: false,
  });
  const messages = error ? [error] : errorMessages(form.errors);
  const change = useChangePassword();
  const set = useSetPassword();
  const onChanged = {
    onSuccess: (result: LoginResult) => {
      replaceSession(result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings.accessTokens });
      toast.success(
        user.hasPassword ? 'Password changed' : 'Password set',
        'Other devices have been signed out, and any access tokens revoked.',
        {
          autoClose: 4000,
        },
      );
      form.reset();
      onClose();
    },
    onError: (e: unknown) => setError(errorMessage(e, 'Failed to change your password. Please try again.')),
  };

  const submit = form.onSubmit(
    ({ confirmPassword: _, currentPassword, newPassword }) => {
      setError(null);
      if (user.hasPassword) change.mutate({ currentPassword, newPassword }, onChanged);
      else set.mutate({ newPassword }, onChanged);
    },
    () => setError(null),
  );

  return (
    <Dialog opened={opened} onClose={onClose} title="Security" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fz="sm" c="dimmed">
            {user.hasPassword
              ? 'Changing your password signs you out on every other device.'
              : 'You sign in with Google. Set a password to sign in with your email as well; other devices are signed out.'}
          </Text>
          {messages.length > 0 && (
            <Alert color="red" role="alert">
              <Messages messages={messages} />
            </Alert>
          )}
          {user.hasPassword && (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword', { withError: false })}
            />
          )}
          <PasswordInput
            label="New password"
            description="At least 6 characters"
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword', { withError: false })}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword', { withError: false })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending || set.isPending}>
              {user.hasPassword ? 'Change Password' : 'Set Password'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
