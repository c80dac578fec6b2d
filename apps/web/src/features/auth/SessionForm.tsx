import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, Suspense, useState } from 'react';
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
  offerPasskey = false,
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
  /** Offers to sign in with a passkey (the sign-in page). */
  offerPasskey?: boolean;
}) {
  const { busy, googleClientId: clientId, messages, needsCode, startOver, run, fail } = useStartSession();
  // Google's credential, kept for the second step when the account asks for a code.
  const [googleCredential, setGoogleCredential] = useState<string | null>(null);

  // The fields are read from the form itself: what a person typed while the page was loading counts.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (needsCode && googleCredential) {
      const code = String(new FormData(form).get('code') ?? '');
      void run((auth) => auth.signInWithGoogle({ idToken: googleCredential, code }, googleFailed));
    } else {
      // A password attempt: a code asked for next goes with the password, never an earlier Google credential.
      setGoogleCredential(null);
      void run((auth) => send(auth, form));
    }
  };

  const onGoogle = (credential: string | undefined) => {
    if (!credential) return fail('No credential received from Google');
    setGoogleCredential(credential);
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
        {/* Kept in the form while the code is asked for: the credentials go again with it. */}
        <Stack gap="md" display={needsCode ? 'none' : undefined}>
          {children}
        </Stack>
        {needsCode && <CodeStep />}
        <Button type="submit" size="md" loading={busy} fullWidth>
          {needsCode ? 'Verify' : submitLabel}
        </Button>
        {needsCode ? (
          <Text ta="center" fz="sm" c="dimmed">
            <Anchor
              component="button"
              type="button"
              fz="sm"
              fw={600}
              onClick={() => {
                setGoogleCredential(null);
                startOver();
              }}
            >
              Back to sign in
            </Anchor>
          </Text>
        ) : (
          <>
            <Text ta="center" fz="sm" c="dimmed">
              {switchTo.question}{' '}
              <Anchor href={switchTo.href} fw={600}>
                {switchTo.label}
              </Anchor>
            </Text>
            {offerPasskey && (
              <Button
                variant="default"
                size="md"
                fullWidth
                leftSection={<IconFingerprint size={18} aria-hidden />}
                disabled={busy}
                onClick={() => void run((auth) => auth.signInWithPasskey())}
              >
                Sign in with a passkey
              </Button>
            )}
            {clientId && (
              <LazyGoogleButton
                clientId={clientId}
                mode={googleMode}
                onCredential={onGoogle}
                disabled={busy}
              />
            )}
          </>
        )}
      </Stack>
    </form>
  );
}

/** The second step of a sign-in with two-factor on: a code from the app, or a recovery code. */
function CodeStep() {
  const [recovery, setRecovery] = useState(false);
  return (
    <>
      <Text fz="sm">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Two-factor sign-in is on. Enter the 6-digit code from your authenticator app.'}
      </Text>
      <TextInput
        key={recovery ? 'recovery' : 'app'}
        name="code"
        label={recovery ? 'Recovery code' : 'Authentication code'}
        placeholder={recovery ? 'abcde-fghjk' : '123456'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        required
        autoFocus
      />
      <Anchor component="button" type="button" fz="sm" ta="left" onClick={() => setRecovery(!recovery)}>
        {recovery ? 'Use a code from your authenticator app' : 'Use a recovery code instead'}
      </Anchor>
    </>
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
