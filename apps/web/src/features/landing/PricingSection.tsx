import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconShieldCheck } from '@tabler/icons-react';
import { PLANS, type Plan, TRIAL_DAYS } from '@tally/shared';
import classes from './LandingPage.module.css';
import { SectionHeading } from './SectionHeading';

const POPULAR_PLAN: Plan['code'] = 'pro';

const taglines = {
  starter: 'Get a feel for count-up budgeting.',
  pro: 'Every budget, insight and subscription in one place.',
  premium: 'The full toolkit for investors and planners.',
} satisfies Record<Plan['code'], string>;

function PlanCard({ plan }: { plan: Plan }) {
  const isPopular = plan.code === POPULAR_PLAN;
  const isFree = plan.priceMonthly === 0;

  return (
    <Card
      className={`${classes.planCard} ${isPopular ? classes.planPopular : ''}`}
      padding="xl"
      shadow={isPopular ? undefined : 'xs'}
    >
      {isPopular && (
        <Badge size="lg" radius="xl" variant="filled" className={classes.popularBadge}>
          Most popular
        </Badge>
      )}
      <Title order={3} fz="xl">
        {plan.name}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mih={44}>
        {taglines[plan.code]}
      </Text>

      <Group gap={6} align="baseline" mt="lg">
        <Text component="span" className={classes.price}>
          {isFree ? 'Free' : `$${plan.priceMonthly}`}
        </Text>
        {!isFree && (
          <Text component="span" c="dimmed" fw={500}>
            /month
          </Text>
        )}
      </Group>
      <Text size="sm" fw={600} mt="xs" className={classes.accent}>
        {plan.trialDays > 0 ? `${plan.trialDays}-day free trial` : 'No payment needed'}
      </Text>

      <List
        spacing="sm"
        mt="xl"
        mb="xl"
        className={classes.planFeatures}
        icon={
          <ThemeIcon size={20} radius="xl" variant="light">
            <IconCheck size={13} stroke={3} aria-hidden />
          </ThemeIcon>
        }
      >
        {plan.features.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>

      <Button
        component="a"
        href="/register"
        size="md"
        fullWidth
        variant={isPopular ? 'filled' : 'default'}
        aria-label={`${isFree ? 'Start free' : 'Start free trial'} with ${plan.name}`}
      >
        {isFree ? 'Start free' : 'Start free trial'}
      </Button>
    </Card>
  );
}

export function PricingSection() {
  return (
    <section
      id="pricing"
      className={`${classes.section} ${classes.sectionAlt}`}
      aria-labelledby="pricing-title"
    >
      <Container size="lg">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple pricing that grows with you"
          description="Start free and upgrade when you want count-up budgets and the AI advisor."
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" verticalSpacing={40} maw={1040} mx="auto">
          {PLANS.map((plan) => (
            <PlanCard key={plan.code} plan={plan} />
          ))}
        </SimpleGrid>
        <Group justify="center" gap={8} mt={48} wrap="nowrap">
          <IconShieldCheck size={20} className={classes.checkIcon} aria-hidden />
          <Text c="dimmed" ta="center">
            Paid plans include a {TRIAL_DAYS}-day free trial and have no cancellation fees.
          </Text>
        </Group>
      </Container>
    </section>
  );
}
