import {
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  FileButton,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBrandGoogleFilled,
  IconFileDownload,
  IconFileUpload,
  IconListCheck,
  IconLock,
  IconLogout,
  IconMoon,
  IconShieldLock,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { displayName } from '@tally/shared';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useAuth, useCurrentUser } from '../../app/auth';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { useColorMode } from '../../components/ColorModeToggle';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { AiUsageCard } from './AiUsageCard';
import { useExportData } from './api/export-data';
import { useNotificationSettings } from './api/get-notification-settings';
import { useImportData } from './api/import-data';
import { useTwoFactorStatus } from './api/two-factor';
import { useUpdateNotificationSettings } from './api/update-notification-settings';
import { EmailNotificationsRow } from './EmailNotificationsRow';
import { PasskeysCard } from './PasskeysCard';
import { PlanCard } from './PlanCard';
import { PushNotificationsRow } from './PushNotificationsRow';
import { SessionsCard } from './SessionsCard';
import type { TwoFactorAction } from './TwoFactorDialog';

// Dialogs: fetched when first opened.
const ChangePasswordDialog = lazyDialog(
  async () => (await import('./ChangePasswordDialog')).ChangePasswordDialog,
);
const DeleteAccountDialog = lazyDialog(
  async () => (await import('./DeleteAccountDialog')).DeleteAccountDialog,
);
// Its code comes after the page's first load (it sits below the fold): the page's fallback keeps its place.
const AccessTokensCard = lazy(async () => ({
  default: (await import('./AccessTokensCard')).AccessTokensCard,
}));

const ProfileDialog = lazyDialog(async () => (await import('./ProfileDialog')).ProfileDialog);
const TwoFactorDialog = lazyDialog(async () => (await import('./TwoFactorDialog')).TwoFactorDialog);

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

/** Two-factor sign-in: off with a way to set it up, or on with its recovery codes and a way to turn it off. */
function TwoFactorRow({ onAction }: { onAction: (action: TwoFactorAction) => void }) {
  const status = useTwoFactorStatus();
  const user = useCurrentUser();
  const on = status.data?.enabled ?? user.twoFactorEnabled;
  const left = status.data?.recoveryCodesLeft;
  return (
    <Row
      icon={<IconShieldLock size={22} stroke={1.6} style={{ flexShrink: 0 }} />}
      title="Two-factor sign-in"
      description={
        on
          ? `On: sign-in asks for a code from your authenticator app.${left === undefined ? '' : ` ${left} recovery ${left === 1 ? 'code' : 'codes'} left.`}`
          : 'Off: add a code from an authenticator app to your sign-in, so a stolen password is not enough.'
      }
      action={
        on ? (
          <Stack gap={6} style={{ flexShrink: 0 }}>
            <Button variant="default" aria-label="New recovery codes" onClick={() => onAction('renew')}>
              New codes
            </Button>
            <Button
              variant="default"
              color="red"
              aria-label="Turn off two-factor sign-in"
              onClick={() => onAction('disable')}
            >
              Turn off
            </Button>
          </Stack>
        ) : (
          <Button
            variant="default"
            style={{ flexShrink: 0 }}
            aria-label="Set up two-factor sign-in"
            onClick={() => onAction('setup')}
          >
            Set up
          </Button>
        )
      }
    />
  );
}

/** Rows a person recognises in an import's outcome, by table: the rest are counted but not named. */
const IMPORTED_KINDS: Array<[table: string, one: string, many: string]> = [
  ['bank_accounts', 'account', 'accounts'],
  ['transactions', 'transaction', 'transactions'],
  ['budgets', 'budget', 'budgets'],
  ['subscriptions', 'subscription', 'subscriptions'],
  ['savings_goals', 'savings goal', 'savings goals'],
];

function importedSummary(rows: Record<string, number>) {
  const parts = IMPORTED_KINDS.filter(([table]) => (rows[table] ?? 0) > 0).map(([table, one, many]) => {
    const n = rows[table] ?? 0;
    return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  });
  return parts.length > 0 ? `${parts.join(', ')} imported.` : 'Your settings were imported.';
}

function ImportDataRow() {
  const importData = useImportData();
  const { setUser } = useAuth();
  const [picked, setPicked] = useState(0);
  return (
    <Row
      icon={<IconFileUpload size={22} stroke={1.6} style={{ flexShrink: 0 }} />}
      title="Import from a Tally export"
      description="Bring everything from another Tally account's export ZIP into this one, if it has no data of its own yet. Banks come in disconnected, with their history."
      action={
        <FileButton
          // A new key after each pick: the same file can be chosen again.
          key={picked}
          accept="application/zip,.zip"
          onChange={(file) => {
            if (!file) return;
            setPicked((n) => n + 1);
            importData.mutate(file, {
              onSuccess: (result) => {
                setUser(result.user);
                if (result.alreadyImported)
                  toast.success('Already imported', 'This export was imported before. Nothing changed.');
                else toast.success('Import complete', importedSummary(result.rows));
              },
              onError: (error) =>
                toast.error(
                  'Import failed',
                  serverMessage(error, 'Failed to import your data. Please try again.'),
                ),
            });
          }}
        >
          {(props) => (
            <Button {...props} variant="default" loading={importData.isPending} style={{ flexShrink: 0 }}>
              Import
            </Button>
          )}
        </FileButton>
      }
    />
  );
}

export function SettingsPage() {
  const user = useCurrentUser();
  const { isDark, setDark } = useColorMode();
  const [profileOpen, profile] = useDisclosure(false);
  const [securityOpen, security] = useDisclosure(false);
  const [deleteOpen, deletion] = useDisclosure(false);
  const [twoFactorAction, setTwoFactorAction] = useState<TwoFactorAction | null>(null);
  // The last action stays while the dialog animates closed.
  const [lastTwoFactorAction, setLastTwoFactorAction] = useState<TwoFactorAction>('setup');
  if (twoFactorAction && twoFactorAction !== lastTwoFactorAction) setLastTwoFactorAction(twoFactorAction);
  const { logoutEverywhere } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const prefs = useNotificationSettings();
  const exportData = useExportData();
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
      <PageHeader {...SCREEN_HEADERS['/settings']} />

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
          description="Your password"
          action={
            <Button variant="default" onClick={security.open}>
              Configure
            </Button>
          }
        />
        <Divider />
        <TwoFactorRow onAction={setTwoFactorAction} />
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

      <PasskeysCard />

      <SessionsCard />

      <Suspense
        fallback={
          <Card>
            <Title order={2} fz="lg">
              Connected apps
            </Title>
            <Skeleton h={88} mt="xs" aria-hidden />
          </Card>
        }
      >
        <AccessTokensCard />
      </Suspense>

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

      <Card>
        <Title order={2} fz="lg" mb="xs">
          Your Data
        </Title>
        <Row
          icon={<IconFileDownload size={22} stroke={1.6} style={{ flexShrink: 0 }} />}
          title="Export all my data"
          description="Every account, transaction, budget, goal and setting of yours, as JSON and CSV files in one ZIP."
          action={
            <Button
              variant="default"
              loading={exportData.isPending}
              style={{ flexShrink: 0 }}
              onClick={() =>
                exportData.mutate(undefined, {
                  onSuccess: () => toast.success('Export ready', 'Your data is in your downloads.'),
                  onError: (error) =>
                    toast.error(
                      'Error',
                      serverMessage(error, 'Failed to export your data. Please try again.'),
                    ),
                })
              }
            >
              Export
            </Button>
          }
        />
        <Divider />
        <ImportDataRow />
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
      <TwoFactorDialog
        user={user}
        action={twoFactorAction ?? lastTwoFactorAction}
        opened={twoFactorAction !== null}
        onClose={() => setTwoFactorAction(null)}
      />
    </Stack>
  );
}
