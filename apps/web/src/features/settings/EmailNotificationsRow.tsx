import { Alert, Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconMailCheck, IconMailExclamation, IconMailOff } from '@tabler/icons-react';
import type { NotificationSettings } from '@tally/shared';
import { ApiError } from '../../lib/api';
import { useSendVerificationLink } from './api/send-verification-link';

export const NO_SMTP =
  "This Tally server isn't set up to send email, so email notifications can't be sent. You'll still see every notification under the bell.";
export const NOT_VERIFIED = (email: string) =>
  `Confirm that ${email} is yours before we send notifications there. We emailed you a link when you signed up.`;
export const LINK_SENT = (email: string) =>
  `We sent a new link to ${email}. It works for 24 hours; check your spam folder if it doesn't arrive.`;
const SEND_FAILED = 'The link could not be sent. Please try again.';

/**
 * Settings' email switch, shown only when email can reach the person: with no SMTP on the server it says
 * so; with an address not yet verified it offers a new verification link (nothing else is emailed there
 * until the person opens it); once verified, the switch.
 */
export function EmailNotificationsRow({
  email,
  settings,
  onChange,
}: {
  email: string;
  settings: NotificationSettings | undefined;
  onChange: (on: boolean) => void;
}) {
  const send = useSendVerificationLink();
  const heading = (
    <div>
      <Group gap="xs">
        <Text fw={600}>Email notifications</Text>
        {settings?.emailAvailable &&
          (settings.emailVerified ? (
            <Badge variant="light" color="green" leftSection={<IconMailCheck size={12} />}>
              Verified
            </Badge>
          ) : (
            <Badge variant="light" color="orange" leftSection={<IconMailExclamation size={12} />}>
              Not verified
            </Badge>
          ))}
      </Group>
      <Text fz="sm" c="dimmed">
        {settings && !settings.emailAvailable
          ? 'Budget alerts, bills due and goals reached, by email.'
          : `Budget alerts, bills due and goals reached, sent to ${email}.`}
      </Text>
    </div>
  );

  if (settings && !settings.emailAvailable) {
    return (
      <Stack gap="xs" py="sm">
        {heading}
        <Alert variant="light" color="gray" icon={<IconMailOff size={18} />} p="xs">
          <Text fz="sm">{NO_SMTP}</Text>
        </Alert>
      </Stack>
    );
  }

  if (settings && !settings.emailVerified) {
    const sendError = send.error instanceof ApiError ? send.error.message : send.isError ? SEND_FAILED : null;
    return (
      <Stack gap="xs" py="sm">
        {heading}
        <Alert variant="light" color="orange" icon={<IconMailExclamation size={18} />} p="xs">
          <Stack gap="xs">
            <Text fz="sm">{send.isSuccess ? LINK_SENT(email) : NOT_VERIFIED(email)}</Text>
            {sendError && (
              <Text fz="sm" c="red" role="alert">
                {sendError}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                size="compact-sm"
                loading={send.isPending}
                onClick={() => send.mutate()}
              >
                {send.isSuccess ? 'Send another link' : 'Send verification link'}
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <Group justify="space-between" wrap="nowrap" py="sm">
      {heading}
      <Switch
        aria-label="Email notifications"
        size="md"
        disabled={!settings}
        checked={settings?.emailNotifications ?? true}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
    </Group>
  );
}
