import { Anchor, Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheckFilled, IconSparkles } from '@tabler/icons-react';
import { TRIAL_DAYS } from '@tally/shared';
import { Suspense } from 'react';
import { BudgetPreview } from './BudgetPreview';
import classes from './LandingPage.module.css';

const reassurances = ['Free Starter plan', `${TRIAL_DAYS}-day trial on paid plans`, 'No cancellation fees'];

export function HeroSection() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} verticalSpacing={48}>
          <Stack justify="center" gap="xl">
            <Badge
              size="lg"
              variant="light"
              radius="xl"
              leftSection={<IconSparkles size={14} aria-hidden />}
              className={classes.badgeNoCase}
              style={{ alignSelf: 'flex-start' }}
            >
              AI budgeting that counts up
            </Badge>
            <Title order={1} id="hero-title" className={classes.heroTitle}>
              A budget that <span className={classes.heroHighlight}>grows</span> every day you don’t spend it
            </Title>
            <Text fz={{ base: 'lg', sm: 20 }} c="dimmed" lh={1.55} maw={540}>
              Tally’s count-up budgets add a little to each category every day, so the amount you have
              available climbs instead of shrinking. An AI financial advisor explains where your money goes
              and what to do with what’s left.
            </Text>
            <Group gap="sm">
              <Button
                component="a"
                href="/register"
                size="lg"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Create your free account
              </Button>
              <Button component="a" href="#features" size="lg" variant="default">
                See how it works
              </Button>
            </Group>
            <Stack gap="sm">
              <Group gap="md" component="ul" className={classes.checkList}>
                {reassurances.map((item) => (
                  <Text component="li" key={item} size="sm" fw={500} className={classes.checkItem}>
                    <IconCircleCheckFilled size={18} className={classes.checkIcon} aria-hidden />
                    {item}
                  </Text>
                ))}
              </Group>
              <Text size="sm" c="dimmed">
                Already have an account?{' '}
                <Anchor href="/login" fw={600} className={classes.accent} underline="always">
                  Sign in
                </Anchor>
              </Text>
            </Stack>
          </Stack>

          {/* A boundary of its own: React hydrates it apart from the headline, in shorter tasks. */}
          <Suspense>
            <BudgetPreview />
          </Suspense>
        </SimpleGrid>
      </Container>
    </section>
  );
}
