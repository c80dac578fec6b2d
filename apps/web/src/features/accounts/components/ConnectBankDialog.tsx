import { Button, Group, List, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowLeft,
  IconBolt,
  IconCircleCheck,
  IconHistory,
  IconPlugConnected,
  IconShieldLock,
} from '@tabler/icons-react';
import { accountsRoom, type ExchangeResponse, type Institution } from '@tally/shared';
import { useState } from 'react';
import { usePublicConfig } from '../../../app/config';
import { toast } from '../../../components/toast';
import { isPlanRefusal, UpgradePanel, useBilling } from '../../billing';
import { useCreateLinkToken } from '../api/create-link-token';
import { type ConnectSource, useConnectBank } from '../api/exchange-public-token';
import { accountsWithin, DemoBankPicker } from './DemoBankPicker';
import { PlaidLinkLauncher } from './PlaidLinkLauncher';

type Step = 'intro' | 'pick' | 'done' | 'limit';

/**
 * SPEC §4 "Connect flow": a link token first, then Plaid Link (or, in demo mode, our picker), then the
 * public token is exchanged with a quick sync. The dialog cannot be closed while any of that is running.
 * The page gives each opening a new key, so every visit starts at the first step.
 */
export function ConnectBankDialog({
  opened,
  onClose,
  onConnected,
}: {
  opened: boolean;
  onClose: () => void;
  onConnected: (result: ExchangeResponse) => void;
}) {
  const config = usePublicConfig();
  const isDemo = config.data?.bankMode === 'demo';
  const linkToken = useCreateLinkToken();
  const connectBank = useConnectBank();
  const [step, setStep] = useState<Step>('intro');
  const [plaidToken, setPlaidToken] = useState<string | null>(null);
  const [institution, setInstitution] = useState<Institution | null>(null);
  const [accountIds, setAccountIds] = useState<string[]>([]);
  // A bank that lists its accounts links the ones chosen; one that lists none links all it has.
  const chosen = institution?.accounts.length ? accountIds : undefined;
  // The plan's room for more bank accounts: the picker offers up to that many.
  const billing = useBilling();
  const room = billing.data
    ? accountsRoom({ accountLimit: billing.data.accountLimit }, billing.data.linkedAccounts)
    : Number.POSITIVE_INFINITY;
  const limitNote = (accounts: number) =>
    `Your ${billing.data?.planName} plan includes up to ${billing.data?.accountLimit} bank accounts: choose ${room} of these ${accounts}. Upgrade to Pro to link them all.`;
  // The server's words when the plan's bank accounts are all linked (Starter: 2).
  const [limitMessage, setLimitMessage] = useState('');
  const refusedByPlan = (error: unknown) => {
    if (!isPlanRefusal(error)) return false;
    setLimitMessage(error.message);
    setStep('limit');
    return true;
  };

  const connecting = linkToken.isPending || connectBank.isPending || plaidToken !== null;

  const close = () => {
    if (connecting) return;
    onClose();
  };

  const start = () =>
    linkToken.mutate(undefined, {
      onSuccess: ({ linkToken: token }) => (isDemo ? setStep('pick') : setPlaidToken(token)),
      onError: (error) => {
        if (refusedByPlan(error)) return;
        toast.error('Error', 'Failed to initialize connection. Please try again.', { withIcon: true });
      },
    });

  const connect = (source: ConnectSource) =>
    connectBank.mutate(source, {
      onSuccess: (result) => {
        setStep('done');
        toast.success(
          'Account connected successfully',
          `${result.connection.institutionName}: your last 30 days are ready and the full history is importing in the background.`,
          { withIcon: true, autoClose: 8000 },
        );
        onConnected(result);
      },
      onError: (error) => {
        if (refusedByPlan(error)) return;
        toast.error('Connection failed', 'Failed to connect your account. Please try again.', {
          withIcon: true,
        });
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnClickOutside={!connecting}
      closeOnEscape={!connecting}
      withCloseButton={!connecting}
      // Plaid Link draws its own window over ours; it must be able to take focus.
      trapFocus={plaidToken === null}
      title="Connect Bank Account"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      size="md"
    >
      {plaidToken && (
        <PlaidLinkLauncher
          token={plaidToken}
          onSuccess={(publicToken) => {
            setPlaidToken(null);
            connect({ publicToken });
          }}
          onExit={(error) => {
            setPlaidToken(null);
            // Closing Link on purpose is not an error; anything else is.
            if (error)
              toast.error(
                'Connection error',
                'There was an error connecting to your bank. Please try again.',
                { withIcon: true },
              );
          }}
        />
      )}

      {step === 'limit' ? (
        <Stack gap="md">
          <UpgradePanel
            compact
            title="Link more accounts with Pro"
            description={limitMessage}
            onUpgraded={() => setStep('intro')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Not now
            </Button>
          </Group>
        </Stack>
      ) : step === 'done' ? (
        <Stack align="center" ta="center" gap="sm" py="md">
          <ThemeIcon color="teal" variant="light" size={56} radius="xl" aria-hidden>
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            You're all set
          </Text>
          <Text fz="sm" c="dimmed" maw={340}>
            Your financial institution has been connected and data is being imported.
          </Text>
          <Button mt="sm" onClick={close}>
            Done
          </Button>
        </Stack>
      ) : step === 'pick' ? (
        <Stack gap="md">
          <DemoBankPicker
            value={institution?.id ?? null}
            onChange={(institution) => {
              setInstitution(institution);
              setAccountIds(accountsWithin(institution, room));
            }}
            accountIds={accountIds}
            onAccountsChange={setAccountIds}
            room={room}
            limitNote={limitNote}
            disabled={connecting}
          />
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => setStep('intro')}
              disabled={connecting}
            >
              Back
            </Button>
            <Button
              leftSection={<IconPlugConnected size={16} />}
              disabled={!institution || chosen?.length === 0}
              loading={connectBank.isPending}
              onClick={() => institution && connect({ institutionId: institution.id, accountIds: chosen })}
            >
              Connect
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text fz="sm">
            Link your bank to see every balance and transaction in one place. It takes about a minute.
          </Text>
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <ThemeIcon variant="light" radius="xl" size={32} aria-hidden>
                <IconShieldLock size={18} />
              </ThemeIcon>
              <div>
                <Text fw={600} fz="sm">
                  Secure connection
                </Text>
                <Text fz="xs" c="dimmed">
                  Your bank is connected through Plaid with bank-level encryption. Tally never sees or stores
                  your bank username or password, and can only read your accounts.
                </Text>
              </div>
            </Group>
          </Paper>
          <List spacing={6} fz="sm" center>
            <List.Item
              icon={
                <ThemeIcon variant="light" color="yellow" size={22} radius="xl" aria-hidden>
                  <IconBolt size={14} />
                </ThemeIcon>
              }
            >
              Your last 30 days appear within seconds
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon variant="light" color="blue" size={22} radius="xl" aria-hidden>
                  <IconHistory size={14} />
                </ThemeIcon>
              }
            >
              Two years of history import in the background
            </List.Item>
          </List>
          {isDemo && (
            <Text fz="xs" c="dimmed">
              Demo mode: you will pick one of Tally's sample banks. No real credentials are needed.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={connecting}>
              Cancel
            </Button>
            <Button
              leftSection={<IconPlugConnected size={16} />}
              loading={connecting}
              disabled={!config.data}
              onClick={start}
            >
              Connect to Plaid
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
