import { Badge, Button, Group, Radio, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { subtypeLabel } from '../account-summary';
import { useInstitutions } from '../api/get-institutions';
import { institutionColor } from '../institution-color';
import classes from './DemoBankPicker.module.css';

/** Demo mode's stand-in for Plaid Link: the demo bank's institutions, one to pick. */
export function DemoBankPicker({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (institutionId: string) => void;
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

  return (
    <Radio.Group
      value={value}
      onChange={onChange}
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
  );
}
