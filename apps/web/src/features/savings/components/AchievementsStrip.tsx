import { Badge, Card, Group, Text, Title } from '@mantine/core';
import {
  type Icon,
  IconAward,
  IconCrown,
  IconFlag,
  IconFlame,
  IconRocket,
  IconTarget,
  IconTrendingUp,
  IconTrophy,
} from '@tabler/icons-react';
import { SAVINGS_ACHIEVEMENTS, type SavingsAchievement } from '@tally/shared';
import { formatDay } from '../../../lib/format';
import classes from '../savings.module.css';

const ICONS: Record<string, Icon> = {
  flag: IconFlag,
  'trending-up': IconTrendingUp,
  target: IconTarget,
  rocket: IconRocket,
  trophy: IconTrophy,
  flame: IconFlame,
  crown: IconCrown,
};

const TOTAL = Object.keys(SAVINGS_ACHIEVEMENTS).length;

/** What the person has earned by saving, each with what it was for and when. */
export function AchievementsStrip({ achievements }: { achievements: SavingsAchievement[] }) {
  if (achievements.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="savings-achievements" padding="md">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} fz="md" id="savings-achievements">
          Achievements
        </Title>
        <Text fz="xs" c="dimmed">
          {achievements.length} of {TOTAL} earned
        </Text>
      </Group>
      <Group gap={6} wrap="wrap" role="list" aria-label="Earned achievements">
        {achievements.map((a) => {
          const AchievementIcon = ICONS[a.icon] ?? IconAward;
          const about = `${a.description}${a.goalName ? ` (${a.goalName})` : ''}, earned ${formatDay(a.earnedDate)}`;
          return (
            <Badge
              key={a.id}
              role="listitem"
              variant="light"
              radius="sm"
              tt="none"
              fw={600}
              size="lg"
              className={classes.achievement}
              leftSection={<AchievementIcon size={14} aria-hidden />}
              title={about}
              aria-label={`${a.title}: ${about}`}
            >
              {a.title}
            </Badge>
          );
        })}
      </Group>
    </Card>
  );
}
