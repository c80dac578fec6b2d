import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Input,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ACCESS_TOKEN_LIFETIMES, ACCESS_TOKEN_NAME_MAX, type CreatedAccessToken } from '@tally/shared';
import { type FormEvent, useId, useState } from 'react';
import { useCurrentUser } from '../../app/auth';
import { Dialog } from '../../components/Dialog';
import { errorMessage } from '../../lib/api';
import { useCreateAccessToken } from './api/access-tokens';

const LIFETIMES = ACCESS_TOKEN_LIFETIMES.map((days) => ({
  value: String(days),
  label: days === null ? 'Never' : days === 365 ? '1 year' : `${days} days`,
}));

/** The secret, shown this once, with a way to copy it and a call to try it with. */
function Secret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack>
      <Group wrap="nowrap" align="flex-end" gap="xs">
        <TextInput
          label="Your access token"
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text fz="sm" fw={600}>
        Copy it now: this is the only time it is shown.
      </Text>
      <Text fz="sm">Your app sends it with each request, like this:</Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {`curl -H "Authorization: Bearer ${secret}" ${window.location.origin}/api/transactions`}
      </Code>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/**
 * Naming a new token and choosing how long it lasts, confirmed with the password (and a code with two-factor
 * sign-in on), as a token outlasts this session; then its secret, this once.
 */
export function CreateAccessTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const create = useCreateAccessToken();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const expiresId = useId();
  // The secret is forgotten once the dialog has closed, and never shown at the next opening.
  const forget = () => {
    setCreated(null);
    setError(null);
    create.reset();
  };
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) forget();
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const name = (values.name ?? '').trim();
    if (!name) return setError('Give the token a name');
    if (user.hasPassword && !values.password) return setError('Enter your password');
    if (user.twoFactorEnabled && !values.code?.trim())
      return setError('Enter the code from your authenticator app');
    setError(null);
    const expiresInDays = ACCESS_TOKEN_LIFETIMES.find((days) => String(days) === values.expires);
    const proof = {
      ...(user.hasPassword ? { password: values.password } : {}),
      ...(user.twoFactorEnabled ? { code: values.code?.trim() } : {}),
    };
    create.mutate(
      { name, scope: 'read', expiresInDays, ...proof },
      {
        onSuccess: setCreated,
        onError: (e) => setError(errorMessage(e, 'Failed to create the token. Please try again.')),
      },
    );
  };

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={create.isPending}
      title="Create an access token"
      centered
      onExitTransitionEnd={forget}
    >
      {created ? (
        <Secret secret={created.secret} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              name="name"
              label="Name"
              description="What will use it, e.g. “Budget spreadsheet”"
              maxLength={ACCESS_TOKEN_NAME_MAX}
              required
              data-autofocus
            />
            <div>
              <Input.Label id={expiresId}>Expires</Input.Label>
              <SegmentedControl
                name="expires"
                aria-labelledby={expiresId}
                defaultValue="90"
                data={LIFETIMES}
                fullWidth
              />
            </div>
            {user.hasPassword && (
              <PasswordInput
                name="password"
                label="Your password"
                description="A token outlasts this session, so creating one asks for it"
                autoComplete="current-password"
                required
              />
            )}
            {user.twoFactorEnabled && (
              <TextInput
                name="code"
                label="Code"
                description="Six digits from your authenticator app, or one of your recovery codes"
                autoComplete="one-time-code"
                required
              />
            )}
            <Text fz="sm" c="dimmed">
              The token can only read your data; it can never change anything.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
