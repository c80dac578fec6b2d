import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type LoginBody, loginBody } from '@tally/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth';
import { usePublicConfig } from '../../app/config';
import { GoogleButton } from '../../components/GoogleButton';
import { Messages } from '../../components/Messages';
import { ApiError, errorMessage } from '../../lib/api';
import { errorMessages, zodResolver } from '../../lib/form';
import { AuthLayout } from './AuthLayout';

export function LoginPage() {
  const { login, googleLogin } = useAuth();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: zodResolver(loginBody),
    // The alert keeps what the last attempt found until the next one.
    clearInputErrorOnChange: false,
  });
  const messages = error ? [error] : errorMessages(form.errors);

  const run = async (action: () => Promise<void>, fallback: (e: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      navigate('/dashboard', { replace: true });
    } catch (e) {
      setError(fallback(e));
      setBusy(false);
    }
  };

  const submit = form.onSubmit(
    (values) =>
      void run(
        () => login(values),
        // 401 and 429 carry the message to show; anything else is ours to word.
        (e) =>
          e instanceof ApiError && e.status >= 400 && e.status < 500
            ? e.message
            : 'Invalid email or password',
      ),
    () => setError(null),
  );

  const onGoogle = (credential: string | undefined) => {
    if (!credential) return setError('No credential received from Google');
    void run(
      () => googleLogin({ idToken: credential }),
      (e) => errorMessage(e, 'Google sign-in failed. Please try again.'),
    );
  };

  const clientId = config.data?.googleClientId;
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to see where your money stands today.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {messages.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              <Messages messages={messages} />
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            {...form.getInputProps('email', { withError: false })}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            required
            {...form.getInputProps('password', { withError: false })}
          />
          <Button type="submit" size="md" loading={busy} fullWidth>
            Sign In
          </Button>
          {clientId && (
            <>
              <Divider label="OR" labelPosition="center" />
              <GoogleButton clientId={clientId} mode="signin" onCredential={onGoogle} disabled={busy} />
            </>
          )}
          <Text ta="center" fz="sm" c="dimmed">
            New to Tally?{' '}
            <Anchor component={Link} to="/register" fw={600}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
