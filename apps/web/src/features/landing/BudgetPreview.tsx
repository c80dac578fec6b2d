import { Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBellRinging,
  IconFlame,
  IconShoppingCart,
  IconSparkles,
  IconTrendingUp,
  IconTrophy,
} from '@tabler/icons-react';
import { ProgressRing } from '../../components/ProgressRing';
import classes from './LandingPage.module.css';

// Illustrative numbers only, kept consistent with each other: $400 a month over 30 days is $13.33 a day;
// on day 12 that is $160 earned, minus $42.50 spent leaves $117.50 available.
const preview = {
  category: 'Groceries',
  day: 12,
  days: 30,
  dailyAllowance: '$13.33',
  earned: '$160.00',
  spent: '$42.50',
  available: '$117.50',
  earnedPercent: 40,
};

/** A mock count-up budget card: a picture of the product, not live data. */
export function BudgetPreview() {
  return (
    <figure className={classes.preview} aria-label="Product preview: a count-up budget category in Tally">
      <Paper
        withBorder
        p="sm"
        radius="lg"
        className={`${classes.floating} ${classes.floatingChip}`}
        aria-hidden
      >
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="orange" radius="md" size={36}>
            <IconBellRinging size={18} />
          </ThemeIcon>
          <div>
            <Text size="sm" fw={600}>
              Streaming renews Friday
            </Text>
            <Text size="xs" c="dimmed">
              Subscription · monthly
            </Text>
          </div>
        </Group>
      </Paper>

      <Paper
        withBorder
        radius="xl"
        p={{ base: 'md', xs: 'lg' }}
        pt={{ base: 'md', xs: 32 }}
        pb={{ base: 'md', xs: 40 }}
        className={classes.previewCard}
      >
        <Group justify="space-between" wrap="nowrap" mb="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="md" size={40}>
              <IconShoppingCart size={20} />
            </ThemeIcon>
            <div>
              <Text fw={700}>{preview.category}</Text>
              <Text size="xs" c="dimmed">
                Count-up budget
              </Text>
            </div>
          </Group>
          <Badge variant="light" color="gray" radius="sm" className={classes.badgeNoCase}>
            Day {preview.day} of {preview.days}
          </Badge>
        </Group>

        <Group gap="lg" wrap="nowrap" align="center">
          <ProgressRing
            size={128}
            thickness={12}
            value={preview.earnedPercent}
            color="brand.6"
            label={
              <Stack gap={0} align="center">
                <Text fw={800} fz={22} lh={1}>
                  {preview.earnedPercent}%
                </Text>
                <Text size="xs" c="dimmed">
                  earned
                </Text>
              </Stack>
            }
          />
          <div>
            <Text size="sm" c="dimmed">
              Available now
            </Text>
            <Text fw={800} fz={{ base: 30, xs: 36 }} lh={1.1} style={{ letterSpacing: '-0.03em' }}>
              {preview.available}
            </Text>
            <Badge
              mt={6}
              variant="light"
              radius="sm"
              leftSection={<IconTrendingUp size={14} aria-hidden />}
              className={classes.badgeNoCase}
            >
              +{preview.dailyAllowance} today
            </Badge>
          </div>
        </Group>

        <SimpleGrid cols={3} spacing="xs" mt="lg">
          {[
            { label: 'Daily', value: preview.dailyAllowance },
            { label: 'Earned', value: preview.earned },
            { label: 'Spent', value: preview.spent },
          ].map((stat) => (
            <div key={stat.label} className={classes.previewStat}>
              <Text size="xs" c="dimmed">
                {stat.label}
              </Text>
              <Text fw={700} size="sm">
                {stat.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>

        <Group gap="xs" mt="md">
          <Badge
            variant="light"
            color="yellow"
            radius="sm"
            leftSection={<IconTrophy size={14} aria-hidden />}
            className={classes.badgeNoCase}
            classNames={{ label: classes.goldLabel }}
          >
            Week Warrior
          </Badge>
          <Badge
            variant="light"
            color="orange"
            radius="sm"
            leftSection={<IconFlame size={14} aria-hidden />}
            className={classes.badgeNoCase}
            classNames={{ label: classes.emberLabel }}
          >
            9 days under budget
          </Badge>
        </Group>
      </Paper>

      <Paper withBorder p="md" radius="lg" className={classes.floating}>
        <Group gap="xs" mb={6} wrap="nowrap">
          <ThemeIcon
            variant="gradient"
            gradient={{ from: 'brand.8', to: 'teal.7', deg: 135 }}
            radius="xl"
            size={26}
          >
            <IconSparkles size={15} aria-hidden />
          </ThemeIcon>
          <Text size="sm" fw={700}>
            AI advisor
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lh={1.5}>
          You’re spending less on dining out than last month. Want to move the difference to your Vacation
          goal?
        </Text>
      </Paper>

      <Text component="figcaption" size="xs" c="dimmed" className={classes.previewCaption}>
        Product preview · illustrative numbers
      </Text>
    </figure>
  );
}
