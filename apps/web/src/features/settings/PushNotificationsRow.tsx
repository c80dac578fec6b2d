import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconBellOff, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { usePushSubscription } from './use-push-subscription';

const BLOCKED =
  "Notifications are blocked for Tally in this browser. Allow them in your browser's site settings, then turn push notifications on again.";
const UNSUPPORTED =
  "This browser can't receive push notifications. You'll still see every notification under the bell.";
const FAILED = 'Push notifications could not be set up in this browser. Please try again.';

/**
 * Settings' push switch: on asks the browser's permission and subscribes this browser, then saves the
 * choice; off unsubscribes this browser and saves it. Says plainly when the browser blocks or lacks push.
 */
export function PushNotificationsRow({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const push = usePushSubscription();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const turnOn = async () => {
    setBusy(true);
    setFailed(false);
    try {
      if (push.state === 'unsupported' || (await push.enable())) onChange(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await push.disable();
    } catch {
      // The choice still counts: with the switch off the server sends this browser nothing.
    } finally {
      setBusy(false);
      onChange(false);
    }
  };

  const message =
    push.state === 'unsupported'
      ? { text: UNSUPPORTED, color: 'gray', icon: IconInfoCircle }
      : push.state === 'blocked'
        ? { text: BLOCKED, color: 'orange', icon: IconBellOff }
        : failed
          ? { text: FAILED, color: 'red', icon: IconInfoCircle }
          : null;

  return (
    <Stack gap="xs" py="sm">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={600}>Push notifications</Text>
          <Text fz="sm" c="dimmed">
            Budget alerts and bills due, in your browser.
          </Text>
        </div>
        <Switch
          aria-label="Push notifications"
          size="md"
          disabled={disabled || busy}
          checked={checked}
          onChange={(e) => void (e.currentTarget.checked ? turnOn() : turnOff())}
        />
      </Group>
      {message && (
        <Alert variant="light" color={message.color} icon={<message.icon size={18} />} p="xs">
          <Text fz="sm">{message.text}</Text>
        </Alert>
      )}
      {!message && checked && push.state === 'not-subscribed' && (
        <Group justify="space-between" gap="xs">
          <Text fz="sm" c="dimmed">
            Not set up in this browser yet.
          </Text>
          <Button
            variant="light"
            size="compact-sm"
            loading={busy}
            onClick={() => void turnOn()}
            style={{ flexShrink: 0 }}
          >
            Set up in this browser
          </Button>
        </Group>
      )}
    </Stack>
  );
}
