import { Badge, Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconBuildingBank,
  IconMicrophone,
  IconPigMoney,
  IconRepeat,
  IconSparkles,
  IconTrendingUp,
} from '@tabler/icons-react';
import classes from './LandingPage.module.css';
import { SectionHeading } from './SectionHeading';

type Feature = { icon: Icon; title: string; description: string; isComingSoon?: boolean };

const features: Feature[] = [
  {
    icon: IconTrendingUp,
    title: 'Count-up budgeting',
    description:
      'Each category earns its daily allowance, so what you can spend grows every day instead of shrinking. Streaks and achievements reward the days you hold back.',
  },
  {
    icon: IconSparkles,
    title: 'AI financial advisor',
    description:
      'Plain-language insights on your real spending: what changed, what it means and the next step worth taking, ranked by priority.',
  },
  {
    icon: IconRepeat,
    title: 'Subscription tracking',
    description:
      'Tally spots recurring charges in your transactions, shows what each costs per month and reminds you before the next one is due.',
  },
  {
    icon: IconPigMoney,
    title: 'Savings goals',
    description:
      'Send a share of each period’s leftover budget to the goals you care about and see exactly how much you need each month to hit the date.',
  },
  {
    icon: IconBuildingBank,
    title: 'Bank linking & transactions',
    description:
      'Connect your accounts securely and import up to two years of history. Search, filter and recategorise every transaction in seconds.',
  },
  {
    icon: IconMicrophone,
    title: 'Voice assistant',
    description:
      'Ask how much is left for groceries without opening the app. An integration with a leading voice-assistant provider is on the way.',
    isComingSoon: true,
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className={classes.section} aria-labelledby="features-title">
      <Container size="lg">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to take control of your money"
          description="Budgets that motivate instead of nag, an advisor that reads the numbers for you, and the tools to make every leftover dollar count."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {features.map((feature) => (
            <Card key={feature.title} className={classes.featureCard} padding="xl">
              <Group justify="space-between" align="flex-start" mb="lg">
                <ThemeIcon variant="light" size={48} radius="md">
                  <feature.icon size={24} stroke={1.7} aria-hidden />
                </ThemeIcon>
                {feature.isComingSoon && (
                  <Badge variant="light" color="gray" radius="sm" className={classes.badgeNoCase}>
                    In development
                  </Badge>
                )}
              </Group>
              <Title order={3} fz="lg" mb="xs">
                {feature.title}
              </Title>
              <Text c="dimmed" lh={1.6}>
                {feature.description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
