import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLifebuoy, IconMail } from '@tabler/icons-react';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  type SupportInfo,
  type SupportMessageBody,
  type SupportMessageSent,
  supportMessageBody,
  supportUnavailableMessage,
} from '@tally/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { CountedTextarea } from '../../components/CountedTextarea';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { zodResolver } from '../../lib/form';
import { useSendSupportMessage, useSupport } from './api/support';

const FAILED = 'Your message could not be sent. Please try again.';

/** What answer to expect: Pro and Premium are answered first; Starter is told how to get that. */
function PriorityLine({ info }: { info: SupportInfo }) {
  if (info.priority) {
    return (
      <Group gap="xs">
        <Badge color="brand" variant="light">
          Priority support
        </Badge>
        <Text fz="sm" c="dimmed">
          Included in your {info.planName} plan: your messages are answered first.
        </Text>
      </Group>
    );
  }
  return (
    <Text fz="sm" c="dimmed">
      Pro and Premium messages are answered first.{' '}
      <Anchor component={Link} to="/settings#plan" fz="sm">
        Compare plans
      </Anchor>
    </Text>
  );
}

function SupportForm({ info }: { info: SupportInfo }) {
  const send = useSendSupportMessage();
  const [sent, setSent] = useState<SupportMessageSent | null>(null);
  const form = useForm<SupportMessageBody>({
    initialValues: { subject: '', message: '' },
    validate: zodResolver(supportMessageBody),
  });
  const submit = form.onSubmit((values) => {
    setSent(null);
    send.mutate(values, {
      onSuccess: (result) => {
        setSent(result);
        form.reset();
        toast.success('Message sent', `The answer will come to ${result.replyTo}.`);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact support">
      <Stack>
        {sent && (
          <Alert color="teal" title="Your message is on its way" role="status">
            {sent.priority ? 'Marked priority. ' : ''}The answer will come to {sent.replyTo}. A copy is under
            the bell.
          </Alert>
        )}
        {send.isError && (
          <Alert color="red" role="alert">
            {serverMessage(send.error, FAILED)}
          </Alert>
        )}
        <TextInput
          label="Subject"
          required
          maxLength={SUPPORT_SUBJECT_MAX}
          {...form.getInputProps('subject')}
        />
        <CountedTextarea
          label="Message"
          required
          rows={7}
          max={SUPPORT_MESSAGE_MAX}
          placeholder="What happened, and what did you expect? Screens and steps help."
          {...form.getInputProps('message')}
        />
        <Group justify="space-between" align="center">
          <Text fz="sm" c="dimmed">
            Sent to {info.email}; the answer comes to {info.replyTo}.
          </Text>
          <Button type="submit" loading={send.isPending} leftSection={<IconMail size={16} />}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The operator's address to write to, when this server cannot send email itself. */
function WriteTo({ email }: { email: string }) {
  return (
    <Stack gap="xs">
      <Text>Write to support at</Text>
      <Anchor href={`mailto:${email}`} fz="lg" fw={600}>
        {email}
      </Anchor>
      <Text fz="sm" c="dimmed">
        This server can't send messages itself, so use your own email. Say which email you sign in with.
      </Text>
    </Stack>
  );
}

export function HelpPage() {
  const support = useSupport();
  return (
    <Stack gap="lg" maw={820}>
      <PageHeader {...SCREEN_HEADERS['/help']} />
      <Card>
        <Group gap="sm" mb="xs" wrap="nowrap">
          <IconLifebuoy size={22} stroke={1.6} aria-hidden />
          <Title order={2} fz="lg">
            Contact support
          </Title>
        </Group>
        {support.isPending ? (
          <Stack gap="sm" aria-label="Loading">
            <Skeleton h={16} w="60%" />
            <Skeleton h={36} />
            <Skeleton h={120} />
          </Stack>
        ) : support.isError ? (
          <ErrorState
            message="Couldn't load how to reach support"
            detail={serverMessage(support.error, 'Please try again.')}
            onRetry={() => support.refetch()}
          />
        ) : (
          <Stack gap="md">
            {support.data.channel !== 'none' && <PriorityLine info={support.data} />}
            {support.data.channel === 'form' && <SupportForm info={support.data} />}
            {support.data.channel === 'email' && support.data.email && <WriteTo email={support.data.email} />}
            {support.data.channel === 'none' && <Text>{supportUnavailableMessage(null)}</Text>}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
