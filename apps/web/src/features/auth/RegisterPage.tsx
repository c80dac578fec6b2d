import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { registerForm } from '@tally/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth';
import { usePublicConfig } from '../../app/config';
import { GoogleButton } from '../../components/GoogleButton';
import { Messages } from '../../components/Messages';
import { ApiError } from '../../lib/api';
import { errorMessages, zodResolver } from '../../lib/form';
import { AuthLayout } from './AuthLayout';

export function RegisterPage() {
  const { register, googleLogin } = useAuth();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: zodResolver(registerForm),
    // The alert keeps what the last attempt found until the next one.
    clearInputErrorOnChange: false,
  });
  const messages = error ? [error] : errorMessages(form.errors);

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      navigate('/dashboard', { replace: true });
    } catch (e) {
      // Validation and duplicate-email answers explain themselves; anything else gets the generic text.
      setError(
        e instanceof ApiError && (e.status === 400 || e.status === 409 || e.status === 429)
          ? e.message
          : fallback,
      );
      setBusy(false);
    }
  };

  const submit = form.onSubmit(
    ({ confirmPassword: _, ...body }) =>
      void run(() => register(body), 'An error occurred during registration'),
    () => setError(null),
  );

  const onGoogle = (credential: string | undefined) => {
    if (!credential) return setError('No credential received from Google');
    void run(() => googleLogin({ idToken: credential }), 'An error occurred during Google sign up');
  };

  const clientId = config.data?.googleClientId;
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start free. Link a bank and see your first budget in minutes."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {messages.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              <Messages messages={messages} />
            </Alert>
          )}
          <Group grow align="flex-start" gap="sm">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.getInputProps('firstName', { withError: false })}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.getInputProps('lastName', { withError: false })}
            />
          </Group>
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
            autoComplete="new-password"
            description="At least 6 characters"
            required
            {...form.getInputProps('password', { withError: false })}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword', { withError: false })}
          />
          <Button type="submit" size="md" loading={busy} fullWidth>
            Create Account
          </Button>
          {clientId && (
            <>
              <Divider label="OR" labelPosition="center" />
              <GoogleButton clientId={clientId} mode="signup" onCredential={onGoogle} disabled={busy} />
            </>
          )}
          <Text ta="center" fz="sm" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to="/login" fw={600}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
