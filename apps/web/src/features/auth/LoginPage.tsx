import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, Suspense } from 'react';
import { AuthLayout } from './AuthLayout';
import { LazyGoogleButton } from './LazyGoogleButton';
import { FormAlert, useStartSession } from './load-start-session';

export function LoginPage() {
  const { busy, googleClientId: clientId, messages, run, fail } = useStartSession();

  // The fields are read from the form itself: what a person typed while the page was loading counts.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void run((auth) => auth.signIn(form));
  };

  const onGoogle = (credential: string | undefined) => {
    if (!credential) return fail('No credential received from Google');
    void run((auth) =>
      auth.signInWithGoogle({ idToken: credential }, 'Google sign-in failed. Please try again.'),
    );
  };

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to see where your money stands today.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {messages.length > 0 && (
            <Suspense fallback={null}>
              <FormAlert messages={messages} />
            </Suspense>
          )}
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
            autoComplete="current-password"
            placeholder="Your password"
            required
          />
          <Button type="submit" size="md" loading={busy} fullWidth>
            Sign In
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            New to Tally?{' '}
            <Anchor href="/register" fw={600}>
              Create an account
            </Anchor>
          </Text>
          {/* Last in the card: it appears once the settings say Google is offered, moving nothing. */}
          {clientId && (
            <LazyGoogleButton clientId={clientId} mode="signin" onCredential={onGoogle} disabled={busy} />
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}
