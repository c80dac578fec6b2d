import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFingerprint, IconKey } from '@tabler/icons-react';
import { PASSKEY_NAME_MAX, type Passkey } from '@tally/shared';
import { type FormEvent, Fragment, useState } from 'react';
import { useCurrentUser } from '../../app/auth';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { errorMessage, serverMessage } from '../../lib/api';
import { timeAgo } from '../../lib/time-ago';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './api/passkeys';

const addedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A name the person will recognise later: the device it was made on, as the browser says. */
function suggestedName(): string {
  const ua = navigator.userAgent;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X/.test(ua)
          ? 'Mac'
          : /Windows/.test(ua)
            ? 'Windows PC'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return system ? `Passkey on ${system}` : 'Passkey';
}

/** The browser said no (the person cancelled, or no authenticator is there): not the server's fault. */
const isBrowserRefusal = (error: unknown) =>
  error instanceof Error && ['NotAllowedError', 'AbortError', 'InvalidStateError'].includes(error.name);

type Editing = { mode: 'add' } | { mode: 'rename'; passkey: Passkey };

function NameDialog({ editing: asked, onClose }: { editing: Editing | null; onClose: () => void }) {
  const user = useCurrentUser();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const [error, setError] = useState<string | null>(null);
  // What was asked for stays while the dialog animates closed.
  const [editing, setEditing] = useState<Editing>({ mode: 'add' });
  if (asked && asked !== editing) setEditing(asked);
  const pending = add.isPending || rename.isPending;
  const adding = editing.mode === 'add';
  const close = () => {
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const name = (values.name ?? '').trim();
    if (!name) return setError('Give the passkey a name');
    setError(null);
    if (editing.mode === 'rename') {
      rename.mutate(
        { id: editing.passkey.id, name },
        { onSuccess: close, onError: (e) => setError(errorMessage(e, 'Failed to rename the passkey.')) },
      );
      return;
    }
    if (user.hasPassword && !values.password) return setError('Enter your password');
    if (user.twoFactorEnabled && !values.code?.trim())
      return setError('Enter the code from your authenticator app');
    const proof = {
      ...(user.hasPassword ? { password: values.password } : {}),
      ...(user.twoFactorEnabled ? { code: values.code?.trim() } : {}),
    };
    add.mutate(
      { name, ...proof },
      {
        onSuccess: (added) => {
          toast.success('Passkey added', `“${added.name}” now signs you in without a password.`);
          close();
        },
        onError: (e) =>
          setError(
            isBrowserRefusal(e)
              ? 'No passkey was made. Try again, and follow your browser’s prompt to the end.'
              : errorMessage(e, 'Failed to add the passkey. Please try again.'),
          ),
      },
    );
  };

  return (
    <Dialog
      opened={asked !== null}
      onClose={close}
      pending={pending}
      title={adding ? 'Add a passkey' : 'Rename passkey'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {adding && (
            <Text fz="sm">
              Your browser will ask you to confirm with your fingerprint, face, screen lock or security key.
              The passkey stays on that device.
            </Text>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            key={editing.mode === 'rename' ? editing.passkey.id : 'new'}
            name="name"
            label="Name"
            description="So you can tell your passkeys apart"
            defaultValue={editing.mode === 'rename' ? editing.passkey.name : suggestedName()}
            maxLength={PASSKEY_NAME_MAX}
            required
            data-autofocus
          />
          {adding && user.hasPassword && (
            <PasswordInput
              name="password"
              label="Your password"
              description="A passkey outlasts every sign-out, so adding one asks for it"
              autoComplete="current-password"
              required
            />
          )}
          {adding && user.twoFactorEnabled && (
            <TextInput
              name="code"
              label="Code"
              description="Six digits from your authenticator app, or one of your recovery codes"
              autoComplete="one-time-code"
              required
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {adding ? 'Continue' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

function PasskeyRow({ passkey, onRename }: { passkey: Passkey; onRename: () => void }) {
  const remove = useRemovePasskey();
  return (
    <Group justify="space-between" wrap="nowrap" py="sm" role="group" aria-label={passkey.name}>
      <Group wrap="nowrap" gap="md" miw={0}>
        <IconKey size={22} stroke={1.6} style={{ flexShrink: 0 }} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {passkey.name}
          </Text>
          <Text fz="sm" c="dimmed">
            Added {addedOn.format(new Date(passkey.createdAt))} ·{' '}
            {passkey.lastUsedAt ? `Last used ${timeAgo(passkey.lastUsedAt, new Date())}` : 'Not used yet'}
          </Text>
        </div>
      </Group>
      <Stack gap={6} style={{ flexShrink: 0 }}>
        <Button variant="default" aria-label={`Rename ${passkey.name}`} onClick={onRename}>
          Rename
        </Button>
        <Button
          variant="default"
          color="red"
          aria-label={`Remove ${passkey.name}`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(passkey.id, {
              onSuccess: () => toast.success('Passkey removed', `“${passkey.name}” no longer signs you in.`),
              onError: (error) =>
                toast.error('Error', serverMessage(error, 'Failed to remove the passkey. Please try again.')),
            })
          }
        >
          Remove
        </Button>
      </Stack>
    </Group>
  );
}

/** Settings: the person's passkeys, each named and removable, and a way to add one on this device. */
export function PasskeysCard() {
  const list = usePasskeys();
  const [editing, setEditing] = useState<Editing | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const passkeys = list.data?.passkeys ?? [];

  return (
    <Card>
      <Title order={2} fz="lg">
        Passkeys
      </Title>
      <Text fz="sm" c="dimmed" mb="xs">
        Sign in with your fingerprint, face or screen lock instead of your password and a code.
      </Text>
      {list.isPending ? (
        <Skeleton h={44} my="sm" aria-label="Loading your passkeys" />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {serverMessage(list.error, 'Failed to load your passkeys. Please try again.')}
        </Alert>
      ) : (
        passkeys.map((p, i) => (
          <Fragment key={p.id}>
            {i > 0 && <Divider />}
            <PasskeyRow passkey={p} onRename={() => setEditing({ mode: 'rename', passkey: p })} />
          </Fragment>
        ))
      )}
      {passkeys.length > 0 && <Divider mb="sm" />}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fz="sm" c="dimmed">
          {!supported
            ? 'This browser cannot make passkeys.'
            : !list.isSuccess
              ? null
              : passkeys.length === 0
                ? 'No passkey yet.'
                : `${passkeys.length} ${passkeys.length === 1 ? 'passkey' : 'passkeys'}.`}
        </Text>
        <Button
          variant="default"
          leftSection={<IconFingerprint size={18} aria-hidden />}
          disabled={!supported}
          onClick={() => setEditing({ mode: 'add' })}
        >
          Add a passkey
        </Button>
      </Group>
      <NameDialog editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
