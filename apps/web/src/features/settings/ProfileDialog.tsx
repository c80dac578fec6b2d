import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type UpdateProfileBody, type User, updateProfileBody } from '@tally/shared';
import { useMemo } from 'react';
import { useAuth } from '../../app/auth';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { zodResolver } from '../../lib/form';
import { useUpdateProfile } from './api/update-profile';

const TIME_ZONES: string[] = Intl.supportedValuesOf('timeZone');

export function ProfileDialog({
  user,
  opened,
  onClose,
}: {
  user: User;
  opened: boolean;
  onClose: () => void;
}) {
  const { setUser } = useAuth();
  const readOnlyNames = user.isGoogleUser;
  const form = useForm<UpdateProfileBody>({
    initialValues: { firstName: user.firstName, lastName: user.lastName, timeZone: user.timeZone },
    validate: zodResolver(updateProfileBody),
  });
  const zones = useMemo(
    () => (TIME_ZONES.includes(user.timeZone) ? TIME_ZONES : [user.timeZone, ...TIME_ZONES]),
    [user.timeZone],
  );
  const save = useUpdateProfile();

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (updated) => {
        setUser(updated);
        toast.success('Profile updated', 'Your changes are saved.');
        onClose();
      },
    }),
  );

  return (
    <Dialog opened={opened} onClose={onClose} title="Profile Information" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {readOnlyNames && (
            <Text fz="sm" c="dimmed">
              Your name and email come from your Google account and stay in sync with it.
            </Text>
          )}
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, 'Failed to update your profile. Please try again.')}
            </Alert>
          )}
          <Group grow align="flex-start">
            <TextInput
              label="First name"
              required
              readOnly={readOnlyNames}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              required
              readOnly={readOnlyNames}
              {...form.getInputProps('lastName')}
            />
          </Group>
          <TextInput label="Email" value={user.email} readOnly />
          <Select
            label="Time zone"
            description="Budget periods and 'today' follow this time zone."
            data={zones}
            searchable
            allowDeselect={false}
            {...form.getInputProps('timeZone')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
