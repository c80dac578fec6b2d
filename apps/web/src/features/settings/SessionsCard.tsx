import { Alert, Badge, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDevices, IconDeviceTablet } from '@tabler/icons-react';
import { deviceName, type SessionDevice } from '@tally/shared';
import { Fragment } from 'react';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { timeAgo } from '../../lib/time-ago';
import { useSessions, useSignOutOthers, useSignOutSession } from './api/sessions';

const ICONS = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  other: IconDevices,
} as const;

const signedInOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Active within the last few minutes counts as now: "last seen" is written every five minutes at most. */
const ACTIVE_NOW_MS = 5 * 60_000;

function lastActive(device: SessionDevice, now: Date): string {
  if (device.current || now.getTime() - new Date(device.lastSeenAt).getTime() < ACTIVE_NOW_MS)
    return 'Active now';
  return `Active ${timeAgo(device.lastSeenAt, now)}`;
}

function DeviceRow({ device, now }: { device: SessionDevice; now: Date }) {
  const signOut = useSignOutSession();
  const Icon = ICONS[device.deviceType];
  const name = deviceName(device);
  const where = [device.place, device.ip].filter(Boolean).join(' · ');
  return (
    <Group justify="space-between" wrap="nowrap" py="sm" aria-label={name} role="group">
      <Group wrap="nowrap" gap="md" align="flex-start" miw={0}>
        <Icon size={22} stroke={1.6} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {device.current && (
              <Badge variant="light" size="sm">
                This device
              </Badge>
            )}
          </Group>
          {where && (
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {where}
            </Text>
          )}
          <Text fz="sm" c="dimmed">
            Signed in {signedInOn.format(new Date(device.firstSeenAt))} · {lastActive(device, now)}
          </Text>
        </div>
      </Group>
      {!device.current && (
        <Button
          variant="default"
          style={{ flexShrink: 0 }}
          loading={signOut.isPending}
          aria-label={`Sign out ${name}`}
          onClick={() =>
            signOut.mutate(device.id, {
              onSuccess: () => toast.success('Signed out', `${name} is signed out.`),
              onError: (error) =>
                toast.error(
                  'Error',
                  serverMessage(error, 'Failed to sign that device out. Please try again.'),
                ),
            })
          }
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}

/** Settings: every browser and device signed in to the account, each of which can be signed out. */
export function SessionsCard() {
  const sessions = useSessions();
  const others = useSignOutOthers();
  const now = new Date();
  const list = sessions.data?.sessions ?? [];
  const otherCount = list.filter((s) => !s.current).length;

  return (
    <Card>
      <Title order={2} fz="lg">
        Signed-in devices
      </Title>
      <Text fz="sm" c="dimmed" mb="xs">
        Where your account is signed in now. Sign out any you don’t recognise, then change your password.
      </Text>
      {sessions.isPending ? (
        <Stack gap="sm" py="sm" aria-label="Loading your devices">
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : sessions.isError ? (
        <Alert color="red" role="alert">
          {serverMessage(sessions.error, 'Failed to load your signed-in devices. Please try again.')}
        </Alert>
      ) : (
        <>
          {list.map((device, i) => (
            <Fragment key={device.id}>
              {i > 0 && <Divider />}
              <DeviceRow device={device} now={now} />
            </Fragment>
          ))}
          <Divider mb="sm" />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="sm" c="dimmed">
              {otherCount === 0
                ? 'No other device is signed in.'
                : `${otherCount} other ${otherCount === 1 ? 'device' : 'devices'} signed in.`}
            </Text>
            <Button
              variant="default"
              disabled={otherCount === 0}
              loading={others.isPending}
              onClick={() =>
                others.mutate(undefined, {
                  onSuccess: () =>
                    toast.success(
                      'Signed out',
                      'Every other device is signed out, and any access tokens revoked.',
                    ),
                  onError: (error) =>
                    toast.error(
                      'Error',
                      serverMessage(error, 'Failed to sign the other devices out. Please try again.'),
                    ),
                })
              }
            >
              Sign out everywhere else
            </Button>
          </Group>
        </>
      )}
    </Card>
  );
}
