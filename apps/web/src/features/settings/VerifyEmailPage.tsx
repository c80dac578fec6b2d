import { Button, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconMailExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { Logo } from '../../components/Logo';
import { ApiError } from '../../lib/api';
import { notificationSettingsQuery } from './api/get-notification-settings';
import { useSendVerificationLink } from './api/send-verification-link';
import { useVerifyEmail } from './api/verify-email';
import { LINK_SENT } from './EmailNotificationsRow';

export const LINK_INCOMPLETE = 'The verification link is incomplete. Open the link from the email again.';
const VERIFY_FAILED = 'Your address could not be verified just now. Please try again.';

/**
 * Where the verification email's link lands (/verify-email?token=…), signed in or not: it sends the token
 * once (a POST, so a mail scanner fetching the link verifies nothing) and says how it went. A link that
 * expired or is not valid says why, with a way to get a new one.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { state } = useAuth();
  const signedIn = state.status === 'authenticated';
  const verify = useVerifyEmail();
  const resend = useSendVerificationLink();
  // Signed in, the page offers a new link where the server can send one and the address still needs it.
  const settings = useQuery({ ...notificationSettingsQuery, enabled: signedIn });
  const canResend = !!settings.data?.emailAvailable && !settings.data.emailVerified;
  const sent = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    // Once, though React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failure = !token
    ? LINK_INCOMPLETE
    : verify.error instanceof ApiError
      ? verify.error.message
      : verify.isError
        ? VERIFY_FAILED
        : null;

  let content: ReactNode;
  if (failure) {
    const resendError =
      resend.error instanceof ApiError ? resend.error.message : resend.isError ? VERIFY_FAILED : null;
    content = (
      <>
        <ThemeIcon size={48} radius="xl" variant="light" color="orange">
          <IconMailExclamation size={28} />
        </ThemeIcon>
        <Title order={1} fz="h2" ta="center">
          This link didn't work
        </Title>
        <Text ta="center" role="alert">
          {failure}
        </Text>
        {signedIn ? (
          <>
            {resend.isSuccess && <Text ta="center">{LINK_SENT(state.user.email)}</Text>}
            {resendError && (
              <Text ta="center" c="red" role="alert">
                {resendError}
              </Text>
            )}
            {canResend && (
              <Button loading={resend.isPending} onClick={() => resend.mutate()}>
                {resend.isSuccess ? 'Send another link' : 'Send a new link'}
              </Button>
            )}
            <Button variant={canResend ? 'subtle' : 'filled'} component={Link} to="/settings">
              Go to Settings
            </Button>
          </>
        ) : (
          <>
            <Text ta="center" c="dimmed" fz="sm">
              Sign in, then send yourself a new link from Settings.
            </Text>
            <Button component="a" href="/login">
              Sign in
            </Button>
          </>
        )}
      </>
    );
  } else if (verify.isSuccess) {
    content = (
      <>
        <ThemeIcon size={48} radius="xl" variant="light" color="green">
          <IconCircleCheck size={28} />
        </ThemeIcon>
        <Title order={1} fz="h2" ta="center">
          Your email address is verified
        </Title>
        <Text ta="center">
          {verify.data.email} can now get the email notifications you turn on in Settings.
        </Text>
        {signedIn ? (
          <Button component={Link} to="/settings">
            Go to Settings
          </Button>
        ) : (
          <Button component="a" href="/login">
            Sign in
          </Button>
        )}
      </>
    );
  } else {
    content = (
      <>
        <Loader aria-hidden />
        <Text>Confirming your email address…</Text>
      </>
    );
  }

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="lg" w="100%" maw={440}>
        <Logo to={signedIn ? '/dashboard' : '/'} />
        <Card w="100%" p="xl" component="main">
          <Stack align="center" gap="md">
            {content}
          </Stack>
        </Card>
      </Stack>
    </Center>
  );
}
