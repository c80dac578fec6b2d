import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, Suspense } from 'react';
import { LazyGoogleButton } from './LazyGoogleButton';
import { FormAlert, type StartSession, useStartSession } from './load-start-session';
import type { Outcome } from './start-session';

/**
 * The sign-in and sign-up pages' form: what the last attempt found, the page's fields, its submit button, the
 * way to the other page, and Google's button last (it appears once the settings say Google is offered, moving
 * nothing).
 */
export function SessionForm({
  children,
  submitLabel,
  send,
  googleMode,
  googleFailed,
  switchTo,
}: {
  /** The fields, each with its `name`. */
  children: ReactNode;
  submitLabel: string;
  /** Asks the server with the fields as the form holds them. */
  send: (auth: StartSession, form: HTMLFormElement) => Promise<Outcome>;
  googleMode: 'signin' | 'signup';
  /** What a failed Google attempt says when the server gives no reason. */
  googleFailed: string;
  /** The other page: 'New to Tally?' and its link. */
  switchTo: { question: string; href: string; label: string };
}) {
  const { busy, googleClientId: clientId, messages, run, fail } = useStartSession();

  // The fields are read from the form itself: what a person typed while the page was loading counts.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void run((auth) => send(auth, form));
  };

  const onGoogle = (credential: string | undefined) => {
    if (!credential) return fail('No credential received from Google');
    void run((auth) => auth.signInWithGoogle({ idToken: credential }, googleFailed));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {messages.length > 0 && (
          <Suspense fallback={null}>
            <FormAlert messages={messages} />
          </Suspense>
        )}
        {children}
        <Button type="submit" size="md" loading={busy} fullWidth>
          {submitLabel}
        </Button>
        <Text ta="center" fz="sm" c="dimmed">
          {switchTo.question}{' '}
          <Anchor href={switchTo.href} fw={600}>
            {switchTo.label}
          </Anchor>
        </Text>
        {clientId && (
          <LazyGoogleButton clientId={clientId} mode={googleMode} onCredential={onGoogle} disabled={busy} />
        )}
      </Stack>
    </form>
  );
}

/** The email field, the same on both pages. */
export function EmailInput() {
  return (
    <TextInput
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      required
    />
  );
}
