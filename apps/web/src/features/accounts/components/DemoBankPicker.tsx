import { Badge, Button, Checkbox, Group, Radio, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import type { Institution } from '@tally/shared';
import { subtypeLabel } from '../account-summary';
import { useInstitutions } from '../api/get-institutions';
import { institutionColor } from '../institution-color';
import classes from './DemoBankPicker.module.css';

/** The accounts a person may link now: all of them, or as many as the plan has room for, in the bank's order. */
export const accountsWithin = (institution: Institution, room: number) =>
  institution.accounts.slice(0, room).map((a) => a.id);

/**
 * Demo mode's stand-in for Plaid Link: the demo bank's institutions, one to pick, then which of its accounts
 * to link (as Link's account selection), at most `room` of them on a plan with an account limit.
 */
export function DemoBankPicker({
  value,
  onChange,
  accountIds,
  onAccountsChange,
  room,
  limitNote,
  disabled,
}: {
  value: string | null;
  onChange: (institution: Institution) => void;
  accountIds: string[];
  onAccountsChange: (accountIds: string[]) => void;
  /** How many more bank accounts the plan takes (Infinity without a limit). */
  room: number;
  /** Why no more of a bank's `accounts` can be chosen, and how to get more (when the plan's room is less). */
  limitNote: (accounts: number) => string;
  disabled: boolean;
}) {
  const institutions = useInstitutions(true);

  if (institutions.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading institutions">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} h={76} radius="md" />
        ))}
      </Stack>
    );
  }
  if (institutions.isError) {
    return (
      <Stack align="center" gap="xs" py="md">
        <Text fz="sm" c="dimmed">
          Could not load the list of banks.
        </Text>
        <Button variant="default" size="xs" onClick={() => void institutions.refetch()}>
          Try Again
        </Button>
      </Stack>
    );
  }

  const picked = institutions.data.find((i) => i.id === value);
  return (
    <Stack gap="md">
      <Radio.Group
        value={value}
        onChange={(id) => {
          const institution = institutions.data.find((i) => i.id === id);
          if (institution) onChange(institution);
        }}
        label="Choose your bank"
        description="Demo banks with realistic accounts and two years of history."
        labelProps={{ fw: 600 }}
      >
        <Stack gap="xs" mt="xs">
          {institutions.data.map((institution) => (
            <Radio.Card
              key={institution.id}
              value={institution.id}
              radius="md"
              p="sm"
              disabled={disabled}
              className={classes.card}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={4} />
                <ThemeIcon
                  variant="light"
                  color={institutionColor(institution.name)}
                  size={36}
                  radius="md"
                  aria-hidden
                >
                  <IconBuildingBank size={20} stroke={1.6} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} fz="sm">
                    {institution.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {institution.description}
                  </Text>
                  {institution.accountTypes.length > 0 && (
                    <Group gap={4} mt={6}>
                      {institution.accountTypes.map((type) => (
                        <Badge key={type} size="xs" variant="default" fw={600}>
                          {subtypeLabel(type)}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      {picked && picked.accounts.length > 0 && (
        <Checkbox.Group
          value={accountIds}
          onChange={onAccountsChange}
          label="Accounts to link"
          description={
            picked.accounts.length > room
              ? limitNote(picked.accounts.length)
              : 'Untick any you would rather keep out of Tally.'
          }
          labelProps={{ fw: 600 }}
        >
          <Stack gap={6} mt="xs">
            {picked.accounts.map((account) => {
              const full = !accountIds.includes(account.id) && accountIds.length >= room;
              return (
                <Checkbox
                  key={account.id}
                  value={account.id}
                  disabled={disabled || full}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <Text fz="sm" fw={500}>
                        {account.name}
                      </Text>
                      {account.mask && (
                        <Text fz="xs" c="dimmed">
                          ··{account.mask}
                        </Text>
                      )}
                      {account.subtype && (
                        <Badge size="xs" variant="default" fw={600}>
                          {subtypeLabel(account.subtype)}
                        </Badge>
                      )}
                    </Group>
                  }
                />
              );
            })}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
