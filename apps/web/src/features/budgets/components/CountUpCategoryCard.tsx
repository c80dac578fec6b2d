import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Menu,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  type Icon,
  IconAdjustmentsDollar,
  IconAward,
  IconCalendarStar,
  IconCoffeeOff,
  IconCrown,
  IconDots,
  IconFlame,
  IconTrophy,
  IconYoga,
} from '@tabler/icons-react';
import { type CountUpStatusResponse, formatMoney } from '@tally/shared';
import { Figure } from '../../../components/Figure';
import { DEBT_MONEY, POSITIVE_MONEY } from '../../../lib/money-colors';
import { paceSeries, paceSummary, visibleAchievements } from '../budget-summary';
import { CategoryAvatar } from './CategoryAvatar';
import { LazyPaceChart } from './LazyPaceChart';

/** The id of a category's count-up switch, so focus can follow it when its card moves. */
export const countUpSwitchId = (categoryId: string) => `count-up-switch-${categoryId}`;

const ACHIEVEMENT_ICONS: Record<string, Icon> = {
  trophy: IconTrophy,
  'coffee-off': IconCoffeeOff,
  meditation: IconYoga,
  crown: IconCrown,
  'calendar-star': IconCalendarStar,
};

/** Mantine's yellow badge text is 2.7:1 on its light background; a deep amber reads at 7:1. */
const ACHIEVEMENT_TEXT = 'light-dark(#7a4500, var(--mantine-color-yellow-0))';

type CardProps = {
  status: CountUpStatusResponse;
  /**
   * Without it (a past budget) there is no switch: where the category sits (a card, or the list of those
   * not counting up) already says how it was set, and a disabled switch reads as off either way.
   */
  onToggle?: (enable: boolean) => void;
};

function CountUpSwitch({ status, onToggle }: CardProps) {
  if (!onToggle) return null;
  return (
    <Switch
      id={countUpSwitchId(status.categoryId)}
      checked={status.countUpEnabled}
      onChange={(event) => onToggle(event.currentTarget.checked)}
      aria-label={`Count-up for ${status.categoryName}`}
      size="md"
      withThumbIndicator={false}
    />
  );
}

function Achievements({ status }: { status: CountUpStatusResponse }) {
  if (status.achievements.length === 0) return null;
  const { shown, more } = visibleAchievements(status.achievements);
  const rest = status.achievements.slice(shown.length);
  return (
    <Group gap={6} wrap="wrap" role="list" aria-label={`Achievements in ${status.categoryName}`}>
      {shown.map((a) => {
        const AchievementIcon = ACHIEVEMENT_ICONS[a.icon] ?? IconAward;
        return (
          <Badge
            key={a.title}
            role="listitem"
            variant="light"
            color="yellow"
            c={ACHIEVEMENT_TEXT}
            radius="sm"
            tt="none"
            fw={600}
            leftSection={<AchievementIcon size={13} aria-hidden />}
            title={a.description}
          >
            {a.title}
          </Badge>
        );
      })}
      {more > 0 && (
        <Badge
          role="listitem"
          variant="light"
          color="gray"
          radius="sm"
          tt="none"
          title={rest.map((a) => a.title).join(', ')}
        >
          +{more} more
        </Badge>
      )}
    </Group>
  );
}

/** A category counting up: what it has earned, spent and holds now, its pace and its streaks. */
export function CountUpCategoryCard({
  status,
  customAllowance,
  onToggle,
  onSetAllowance,
}: CardProps & { customAllowance: boolean; onSetAllowance?: () => void }) {
  const headingId = `count-up-${status.categoryId}`;
  const available = status.availableBalance;
  const rolled = status.rolledOverAmount;
  const dayPercent = status.totalDays > 0 ? (status.daysElapsed / status.totalDays) * 100 : 0;
  const dayText = `Day ${status.daysElapsed} of ${status.totalDays}`;
  return (
    <Card component="section" aria-labelledby={headingId} padding="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <CategoryAvatar code={status.category} />
            <div style={{ minWidth: 0 }}>
              <Title order={3} fz="md" id={headingId} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                {status.categoryName}
              </Title>
              <Text fz="sm" c="dimmed">
                {formatMoney(status.dailyAllowance)} a day
                {customAllowance && ' · custom'}
              </Text>
            </div>
          </Group>
          <Group gap={4} wrap="nowrap">
            <CountUpSwitch status={status} onToggle={onToggle} />
            {onSetAllowance && (
              <Menu position="bottom-end" shadow="md" width={210}>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Count-up options for ${status.categoryName}`}
                  >
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconAdjustmentsDollar size={16} />} onClick={onSetAllowance}>
                    Set daily allowance
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>

        <Group justify="space-between" align="flex-end" gap="sm">
          <Figure
            label="Available"
            value={formatMoney(available)}
            size="lg"
            color={available < 0 ? DEBT_MONEY : POSITIVE_MONEY}
            hint={
              rolled !== 0
                ? rolled > 0
                  ? `Includes ${formatMoney(rolled)} rolled over`
                  : `Includes ${formatMoney(-rolled)} overspent last period`
                : undefined
            }
          />
          {status.isOverEarned && (
            <Badge color="red" variant="light" radius="sm" tt="none">
              Spent more than earned
            </Badge>
          )}
        </Group>

        <div>
          <Group justify="space-between" mb={6} gap="xs">
            <Text fz="sm" fw={600}>
              {dayText}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatMoney(status.allocatedAmount)} this period
            </Text>
          </Group>
          <Progress
            value={dayPercent}
            size="sm"
            radius="xl"
            color="blue"
            aria-label={`${status.categoryName}: ${dayText}`}
          />
        </div>

        <SimpleGrid cols={2} spacing="sm">
          <Figure label="Earned so far" value={formatMoney(status.earnedToDate)} size="sm" />
          <Figure label="Spent so far" value={formatMoney(status.actualSpent)} size="sm" />
        </SimpleGrid>

        <LazyPaceChart data={paceSeries(status.days)} summary={paceSummary(status)} />

        <SimpleGrid cols={2} spacing="sm">
          <Group gap={8} wrap="nowrap">
            <IconFlame
              size={18}
              color="var(--mantine-color-orange-7)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Figure label="Consecutive Days" value={status.consecutiveDaysUnderBudget} size="sm" />
          </Group>
          <Group gap={8} wrap="nowrap">
            <IconCoffeeOff
              size={18}
              color="var(--mantine-color-blue-6)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Figure label="Zero Spending Days" value={status.zeroSpendingDays} size="sm" />
          </Group>
        </SimpleGrid>

        <Achievements status={status} />
      </Stack>
    </Card>
  );
}

/** A category not counting up: one line with its allocation and the switch, off. */
export function CountUpCategoryRow({ status, onToggle }: CardProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={10}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <CategoryAvatar code={status.category} size={32} />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} fz="sm" truncate>
            {status.categoryName}
          </Text>
          <Text fz="xs" c="dimmed">
            {formatMoney(status.allocatedAmount)} this period ·{' '}
            {onToggle ? 'would earn' : 'would have earned'} {formatMoney(status.dailyAllowance)} a day
          </Text>
        </div>
      </Group>
      <CountUpSwitch status={status} onToggle={onToggle} />
    </Group>
  );
}
