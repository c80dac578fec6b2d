import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, Suspense } from 'react';
import { AuthLayout } from './AuthLayout';
import { LazyGoogleButton } from './LazyGoogleButton';
import { FormAlert, useStartSession } from './load-start-session';

export function RegisterPage() {
  const { busy, googleClientId: clientId, messages, run, fail } = useStartSession();

  // The fields are read from the form itself: what a person typed while the page was loading counts.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void run((auth) => auth.signUp(form));
  };

  const onGoogle = (credential: string | undefined) => {
    if (!credential) return fail('No credential received from Google');
    void run((auth) =>
      auth.signInWithGoogle({ idToken: credential }, 'An error occurred during Google sign up'),
    );
  };

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start free. Link a bank and see your first budget in minutes."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {messages.length > 0 && (
            <Suspense fallback={null}>
              <FormAlert messages={messages} />
            </Suspense>
          )}
          <Group grow align="flex-start" gap="sm">
            <TextInput name="firstName" label="First name" autoComplete="given-name" required />
            <TextInput name="lastName" label="Last name" autoComplete="family-name" required />
          </Group>
          <TextInput
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
          />
          <PasswordInput
            name="password"
            label="Password"
            autoComplete="new-password"
            description="At least 6 characters"
            required
          />
          <PasswordInput
            name="confirmPassword"
            label="Confirm password"
            autoComplete="new-password"
            required
          />
          <Button type="submit" size="md" loading={busy} fullWidth>
            Create Account
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            Already have an account?{' '}
            <Anchor href="/login" fw={600}>
              Sign in
            </Anchor>
          </Text>
          {/* Last in the card: it appears once the settings say Google is offered, moving nothing. */}
          {clientId && (
            <LazyGoogleButton clientId={clientId} mode="signup" onCredential={onGoogle} disabled={busy} />
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}
