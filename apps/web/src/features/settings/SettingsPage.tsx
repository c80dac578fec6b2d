import { Avatar, Badge, Button, Card, Divider, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBrandGoogleFilled,
  IconListCheck,
  IconLock,
  IconLogout,
  IconMoon,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { displayName } from '@tally/shared';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useAuth, useCurrentUser } from '../../app/auth';
import { useColorMode } from '../../components/ColorModeToggle';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { AiUsageCard } from './AiUsageCard';
import { useNotificationSettings } from './api/get-notification-settings';
import { useUpdateNotificationSettings } from './api/update-notification-settings';
import { EmailNotificationsRow } from './EmailNotificationsRow';
import { PlanCard } from './PlanCard';
import { PushNotificationsRow } from './PushNotificationsRow';

// Dialogs: fetched when first opened.
const ChangePasswordDialog = lazyDialog(
  async () => (await import('./ChangePasswordDialog')).ChangePasswordDialog,
);
const DeleteAccountDialog = lazyDialog(
  async () => (await import('./DeleteAccountDialog')).DeleteAccountDialog,
);
const ProfileDialog = lazyDialog(async () => (await import('./ProfileDialog')).ProfileDialog);

function Row({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" py="sm">
      <Group wrap="nowrap" gap="md">
        {icon}
        <div>
          <Text fw={600}>{title}</Text>
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
      {action}
    </Group>
  );
}

export function SettingsPage() {
  const user = useCurrentUser();
  const { isDark, setDark } = useColorMode();
  const [profileOpen, profile] = useDisclosure(false);
  const [securityOpen, security] = useDisclosure(false);
  const [deleteOpen, deletion] = useDisclosure(false);
  const { logoutEverywhere } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const prefs = useNotificationSettings();
  const updatePrefs = useUpdateNotificationSettings();
  const fullName = `${user.firstName} ${user.lastName}`.trim() || displayName(user);

  const setPref = (key: 'pushNotifications' | 'emailNotifications', value: boolean) =>
    updatePrefs.mutate(
      { [key]: value },
      {
        onError: () => toast.error('Error', 'Failed to save your notification settings. Please try again.'),
      },
    );

  return (
    <Stack gap="lg" maw={820}>
      <PageHeader title="Settings" description="Your profile, appearance and notifications." />

      <Card>
        <Group wrap="nowrap">
          <Avatar src={user.profilePictureUrl} alt={fullName} size={64} radius="xl" color="brand">
            {`${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700} fz="lg">
                {fullName}
              </Text>
              {user.isGoogleUser && (
                <Badge variant="light" color="gray" leftSection={<IconBrandGoogleFilled size={12} />}>
                  Google
                </Badge>
              )}
            </Group>
            <Text c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
        </Group>
      </Card>

      <Card>
        <Title order={2} fz="lg" mb="xs">
          Appearance
        </Title>
        <Row
          icon={<IconMoon size={22} stroke={1.6} />}
          title="Dark Mode"
          description="Easier on the eyes at night."
          action={
            <Switch
              aria-label="Dark Mode"
              checked={isDark}
              onChange={(e) => setDark(e.currentTarget.checked)}
              size="md"
            />
          }
        />
      </Card>

      <Card>
        <Title order={2} fz="lg" mb="xs">
          Account
        </Title>
        <Row
          icon={<IconUser size={22} stroke={1.6} />}
          title="Profile Information"
          description={user.isGoogleUser ? 'Synced with your Google account' : 'Your name and time zone'}
          action={
            <Button variant="default" onClick={profile.open}>
              {user.isGoogleUser ? 'View' : 'Edit'}
            </Button>
          }
        />
        <Divider />
        <Row
          icon={<IconLock size={22} stroke={1.6} />}
          title="Security"
          description="Password and sessions"
          action={
            <Button variant="default" onClick={security.open}>
              Configure
            </Button>
          }
        />
        <Divider />
        <Row
          icon={<IconLogout size={22} stroke={1.6} style={{ flexShrink: 0 }} />}
          title="Sign out everywhere"
          description="Every browser and device signed in to your account, this one too. None gets notifications any more."
          action={
            <Button
              variant="default"
              loading={signingOut}
              style={{ flexShrink: 0 }}
              onClick={() => {
                setSigningOut(true);
                logoutEverywhere().catch(() => {
                  setSigningOut(false);
                  toast.error('Error', 'Failed to sign out everywhere. Please try again.');
                });
              }}
            >
              Sign out all
            </Button>
          }
        />
      </Card>

      <Card>
        <Title order={2} fz="lg" mb="xs">
          Transactions
        </Title>
        <Row
          icon={<IconListCheck size={22} stroke={1.6} style={{ flexShrink: 0 }} />}
          title="Rules"
          description="Set categories and merchant names of imported transactions automatically."
          action={
            <Button
              variant="default"
              component={Link}
              to="/rules"
              aria-label="Manage rules"
              style={{ flexShrink: 0 }}
            >
              Manage
            </Button>
          }
        />
      </Card>

      <PlanCard />

      <AiUsageCard />

      <Card>
        <Title order={2} fz="lg" mb="xs">
          Notifications
        </Title>
        <PushNotificationsRow
          disabled={!prefs.data}
          checked={prefs.data?.pushNotifications ?? true}
          onChange={(on) => setPref('pushNotifications', on)}
        />
        <Divider />
        <EmailNotificationsRow
          email={user.email}
          settings={prefs.data}
          onChange={(on) => setPref('emailNotifications', on)}
        />
      </Card>

      <Card style={{ borderColor: 'var(--mantine-color-red-outline)' }}>
        <Title order={2} fz="lg" mb="xs">
          Danger Zone
        </Title>
        <Row
          icon={
            <IconTrash
              size={22}
              stroke={1.6}
              color="var(--mantine-color-red-text)"
              style={{ flexShrink: 0 }}
            />
          }
          title="Delete Account"
          description="Permanently delete your account and all of its data."
          action={
            <Button variant="outline" color="red" onClick={deletion.open} style={{ flexShrink: 0 }}>
              Delete
            </Button>
          }
        />
      </Card>

      <ProfileDialog key={`${profileOpen}`} user={user} opened={profileOpen} onClose={profile.close} />
      <ChangePasswordDialog user={user} opened={securityOpen} onClose={security.close} />
      <DeleteAccountDialog user={user} opened={deleteOpen} onClose={deletion.close} />
    </Stack>
  );
}
