import { Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { TRIAL_DAYS } from '@tally/shared';
import classes from './LandingPage.module.css';

export function FinalCta() {
  return (
    <section className={classes.section} aria-labelledby="cta-title">
      <Container size="lg">
        <div className={`${classes.greenBand} ${classes.ctaBand}`}>
          <Title order={2} id="cta-title" className={classes.sectionTitle}>
            Start counting up today
          </Title>
          <Text size="lg" mt="md" mb="xl" maw={560} mx="auto" className={classes.ctaText}>
            Set up your first count-up budget in minutes. Starter is free, and Pro and Premium come with a{' '}
            {TRIAL_DAYS}-day free trial.
          </Text>
          <Group justify="center" gap="sm">
            <Button
              component="a"
              href="/register"
              size="lg"
              variant="white"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Start for free
            </Button>
            <Button component="a" href="#pricing" size="lg" variant="outline" color="white">
              Compare plans
            </Button>
          </Group>
        </div>
      </Container>
    </section>
  );
}
