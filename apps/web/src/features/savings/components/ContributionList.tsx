import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarRepeat, IconHandFinger } from '@tabler/icons-react';
import type { Contribution } from '@tally/shared';
import { formatDay, formatSignedMoney } from '../../../lib/format';
import { POSITIVE_MONEY } from '../../../lib/money-colors';
import { contributionText } from '../goal-detail';
import classes from '../savings.module.css';

/** A goal's ledger, newest first: each period's share of the leftover and the money added by hand. */
export function ContributionList({ contributions }: { contributions: Contribution[] }) {
  return (
    <ul className={classes.ledger} aria-label="Contributions">
      {contributions.map((c) => {
        const { title, detail } = contributionText(c);
        const fromPeriod = c.source === 'period';
        return (
          <li key={c.id}>
            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
                <ThemeIcon
                  variant="light"
                  color={fromPeriod ? 'brand' : 'blue'}
                  radius="md"
                  size={36}
                  aria-hidden
                >
                  {fromPeriod ? (
                    <IconCalendarRepeat size={18} stroke={1.7} />
                  ) : (
                    <IconHandFinger size={18} stroke={1.7} />
                  )}
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={600}>
                    {title}
                  </Text>
                  {detail && (
                    <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {detail}
                    </Text>
                  )}
                </div>
              </Group>
              <div style={{ textAlign: 'right', flexShrink: 0 }}>
                <Text fz="sm" fw={700} c={POSITIVE_MONEY} className={classes.amount}>
                  {formatSignedMoney(c.amount)}
                </Text>
                <Text fz="xs" c="dimmed" className={classes.amount}>
                  {formatDay(c.date)}
                </Text>
              </div>
            </Group>
          </li>
        );
      })}
    </ul>
  );
}
