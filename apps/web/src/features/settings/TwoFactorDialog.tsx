import {
  Alert,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { User } from '@tally/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRenewRecoveryCodes,
  useStartTwoFactor,
} from './api/two-factor';

export type TwoFactorAction = 'setup' | 'renew' | 'disable';

const TITLES: Record<TwoFactorAction, string> = {
  setup: 'Turn on two-factor sign-in',
  renew: 'New recovery codes',
  disable: 'Turn off two-factor sign-in',
};

/** The field for a code: six digits from the app, or (where allowed) a recovery code. */
function CodeInput({
  label,
  recovery = false,
  focus = true,
}: {
  label: string;
  recovery?: boolean;
  focus?: boolean;
}) {
  return (
    <TextInput
      name="code"
      label={label}
      description={
        recovery ? 'Six digits from your authenticator app, or one of your recovery codes' : undefined
      }
      placeholder={recovery ? '123456 or abcde-fghjk' : '123456'}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      required
      data-autofocus={focus || undefined}
    />
  );
}

/** The codes as shown once: to copy, or to save as a text file. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack>
      <Text fz="sm">
        Keep these somewhere safe, apart from your phone. Each signs you in once in place of a code from your
        authenticator app. They are shown only now.
      </Text>
      <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes" component="ul" p={0} m={0}>
        {codes.map((code) => (
          <Code key={code} component="li" fz="md" ta="center" py={6} style={{ listStyle: 'none' }}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            onClick={() =>
              downloadFile({
                blob: new Blob([text], { type: 'text/plain' }),
                filename: 'tally-recovery-codes.txt',
              })
            }
          >
            Download
          </Button>
        </Group>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/**
 * Setting up, renewing the recovery codes of, or turning off two-factor sign-in. Setting up asks the server
 * for a new secret as the dialog opens, shows it as a QR code (and as text, for an app that cannot scan), and
 * turns it on once a code from the app proves the app holds it; the recovery codes follow, once.
 */
export function TwoFactorDialog({
  user,
  action,
  opened,
  onClose,
}: {
  user: User;
  action: TwoFactorAction;
  opened: boolean;
  onClose: () => void;
}) {
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const pending = enable.isPending || renew.isPending || disable.isPending;

  const { mutate: startSetup, reset: resetSetup } = start;
  useEffect(() => {
    if (!opened) return;
    setError(null);
    setCodes(null);
    if (action === 'setup') {
      resetSetup();
      startSetup(undefined, {
        onError: (e) =>
          setError(errorMessage(e, 'Could not start setting up two-factor sign-in. Please try again.')),
      });
    }
  }, [opened, action, startSetup, resetSetup]);

  const failed = (e: unknown) => setError(errorMessage(e, 'Something went wrong. Please try again.'));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const code = (values.code ?? '').trim();
    if (!code) return setError('Enter the code from your authenticator app');
    setError(null);
    const showCodes = {
      onSuccess: (r: { recoveryCodes: string[] }) => setCodes(r.recoveryCodes),
      onError: failed,
    };
    if (action === 'setup') {
      if (user.hasPassword && !values.password) return setError('Enter your password');
      enable.mutate({ code, ...(user.hasPassword ? { password: values.password } : {}) }, showCodes);
    } else if (action === 'renew') renew.mutate({ code }, showCodes);
    else {
      if (user.hasPassword && !values.password) return setError('Enter your password');
      disable.mutate(
        { code, ...(user.hasPassword ? { password: values.password } : {}) },
        {
          onSuccess: () => {
            toast.success('Two-factor sign-in is off', 'Sign-in asks only for your password again.');
            onClose();
          },
          onError: failed,
        },
      );
    }
  };

  const done = () => {
    if (action === 'setup')
      toast.success('Two-factor sign-in is on', 'Sign-in now asks for a code from your app.');
    onClose();
  };

  return (
    <Dialog
      opened={opened}
      onClose={codes ? done : onClose}
      pending={pending}
      title={codes ? 'Save your recovery codes' : TITLES[action]}
      centered
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={done} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {action === 'setup' &&
              (start.data ? (
                <>
                  <Text fz="sm">
                    Scan this QR code with an authenticator app, such as 1Password, Google Authenticator or
                    Authy.
                  </Text>
                  <Box bg="white" p="xs" w={196} mx="auto" style={{ borderRadius: 8 }}>
                    <Image
                      src={`data:image/svg+xml;utf8,${encodeURIComponent(start.data.qrSvg)}`}
                      alt="QR code for your authenticator app"
                      w={180}
                      h={180}
                    />
                  </Box>
                  <Text fz="sm">
                    Can’t scan it? Enter this key instead:{' '}
                    <Code fz="sm" style={{ wordBreak: 'break-all' }}>
                      {start.data.secret.replace(/(.{4})/g, '$1 ').trim()}
                    </Code>
                  </Text>
                  <CodeInput label="Code from the app" />
                  {user.hasPassword && (
                    <PasswordInput
                      name="password"
                      label="Your password"
                      description="So that a session left open is not enough to turn this on"
                      autoComplete="current-password"
                      required
                    />
                  )}
                </>
              ) : (
                !error && (
                  <Group justify="center" py="xl">
                    <Loader aria-label="Preparing your code" />
                  </Group>
                )
              ))}
            {action === 'renew' && (
              <>
                <Text fz="sm">Your old recovery codes stop working once the new ones are made.</Text>
                <CodeInput label="Code" recovery />
              </>
            )}
            {action === 'disable' && (
              <>
                <Text fz="sm">
                  Sign-in will ask only for your password. Your recovery codes stop working.
                </Text>
                {user.hasPassword && (
                  <PasswordInput
                    name="password"
                    label="Password"
                    autoComplete="current-password"
                    required
                    data-autofocus
                  />
                )}
                <CodeInput label="Code" recovery focus={!user.hasPassword} />
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={pending}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={pending}
                color={action === 'disable' ? 'red' : undefined}
                disabled={action === 'setup' && !start.data}
              >
                {action === 'setup' ? 'Turn on' : action === 'renew' ? 'Make new codes' : 'Turn off'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
