import { Alert, Badge, Button, Card, Divider, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconApi, IconPlus } from '@tabler/icons-react';
import {
  ACCESS_TOKENS_MAX,
  type AccessToken,
  FEATURE_PLAN,
  planAllows,
  planState,
  upgradeMessage,
} from '@tally/shared';
import { Fragment, useState } from 'react';
import { useCurrentUser } from '../../app/auth';
import { DeleteDialog } from '../../components/DeleteDialog';
import { lazyDialog } from '../../components/lazy-dialog';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { timeAgo } from '../../lib/time-ago';
import { UpgradePanel } from '../billing';
import { useAccessTokens, useRevokeAccessToken } from './api/access-tokens';

const createdOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const CreateTokenDialog = lazyDialog(
  async () => (await import('./CreateAccessTokenDialog')).CreateAccessTokenDialog,
);

const FULL = `You can have up to ${ACCESS_TOKENS_MAX} access tokens. Revoke one to create another.`;

function TokenRow({ token, now, onRevoke }: { token: AccessToken; now: Date; onRevoke: () => void }) {
  const expired = token.expiresAt !== null && new Date(token.expiresAt) <= now;
  return (
    <Group justify="space-between" wrap="nowrap" py="sm" role="group" aria-label={token.name}>
      <Group wrap="nowrap" gap="md" align="flex-start" miw={0}>
        <IconApi size={22} stroke={1.6} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              Read only
            </Badge>
          </Group>
          <Text fz="sm" ff="monospace">
            {token.hint}…
          </Text>
          <Text fz="sm" c="dimmed">
            Created {createdOn.format(new Date(token.createdAt))} ·{' '}
            {token.lastUsedAt ? `Last used ${timeAgo(token.lastUsedAt, now)}` : 'Never used'} ·{' '}
            {token.expiresAt === null ? (
              'Never expires'
            ) : (
              <Text span inherit c={expired ? 'red' : undefined}>
                {expired ? 'Expired' : 'Expires'} {createdOn.format(new Date(token.expiresAt))}
              </Text>
            )}
          </Text>
        </div>
      </Group>
      <Button
        variant="default"
        color="red"
        style={{ flexShrink: 0 }}
        aria-label={`Revoke ${token.name}`}
        onClick={onRevoke}
      >
        Revoke
      </Button>
    </Group>
  );
}

/**
 * Settings: the access tokens that let the person's own scripts and apps read their data, each revocable,
 * and a way to create one on Premium. Another plan still sees (and can revoke) any it holds.
 */
export function AccessTokensCard() {
  const user = useCurrentUser();
  const list = useAccessTokens();
  const revoke = useRevokeAccessToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  // The token asked about stays named while the dialog animates closed.
  const [named, setNamed] = useState<AccessToken | null>(null);
  if (revoking && revoking !== named) setNamed(revoking);
  const now = new Date();
  const allowed = planAllows(planState(user, now).plan, 'access-tokens');
  const tokens = list.data?.tokens ?? [];
  // Expired tokens read nothing, and do not count against the limit.
  const live = tokens.filter((token) => token.expiresAt === null || new Date(token.expiresAt) > now);
  const full = live.length >= ACCESS_TOKENS_MAX;

  const confirmRevoke = (token: AccessToken) =>
    revoke.mutate(token.id, {
      onSuccess: () => {
        toast.success('Access token revoked', `Apps using “${token.name}” can no longer read your data.`);
        setRevoking(null);
      },
      onError: (error) =>
        toast.error('Error', serverMessage(error, 'Failed to revoke the token. Please try again.')),
    });

  return (
    <Card>
      <Title order={2} fz="lg">
        Connected apps
      </Title>
      <Text fz="sm" c="dimmed" mb="xs">
        Let a script or an app of your own read your Tally data with an access token. A token can only read;
        it can never change anything.
      </Text>
      {list.isPending ? (
        <Skeleton h={44} my="sm" aria-label="Loading your access tokens" />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {serverMessage(list.error, 'Failed to load your access tokens. Please try again.')}
        </Alert>
      ) : (
        tokens.map((token, i) => (
          <Fragment key={token.id}>
            {i > 0 && <Divider />}
            <TokenRow token={token} now={now} onRevoke={() => setRevoking(token)} />
          </Fragment>
        ))
      )}
      {tokens.length > 0 && <Divider mb="sm" />}
      {allowed ? (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fz="sm" c="dimmed">
            {!list.isSuccess
              ? null
              : tokens.length === 0
                ? 'No access tokens yet.'
                : full
                  ? FULL
                  : `${tokens.length} ${tokens.length === 1 ? 'access token' : 'access tokens'}.`}
          </Text>
          <Button
            variant="default"
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={!list.isSuccess || full}
            title={full ? FULL : undefined}
            onClick={() => setCreating(true)}
          >
            Create token
          </Button>
        </Group>
      ) : (
        <>
          {tokens.length > 0 && (
            <Text fz="sm" c="dimmed" mb="sm">
              Your tokens read nothing until you are on Premium again.
            </Text>
          )}
          <UpgradePanel
            compact
            plan={FEATURE_PLAN['access-tokens']}
            title="Connected apps come with Premium"
            description={upgradeMessage('access-tokens')}
          />
        </>
      )}
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <DeleteDialog
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke access token"
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        onConfirm={() => revoking && confirmRevoke(revoking)}
      >
        <Text fz="sm">
          Apps using “{named?.name}” stop reaching your data at once. This cannot be undone.
        </Text>
      </DeleteDialog>
    </Card>
  );
}
