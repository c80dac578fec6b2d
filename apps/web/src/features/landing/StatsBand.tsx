import { Container, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { PLANS, TRIAL_DAYS } from '@tally/shared';
import classes from './LandingPage.module.css';

const lowestPrice = Math.min(...PLANS.map((plan) => plan.priceMonthly));

// Facts about the product itself (SPEC §1, §3, §9); no user counts or money figures.
const stats = [
  { value: `${TRIAL_DAYS}-day`, label: 'free trial on Pro and Premium' },
  { value: `$${lowestPrice}`, label: 'to start on the Starter plan' },
  { value: '2 years', label: 'of transaction history imported when you link a bank' },
  { value: '5', label: 'budget periods, from weekly to yearly' },
];

export function StatsBand() {
  return (
    <section className={`${classes.greenBand}`} aria-labelledby="stats-title">
      <Container size="lg" py={{ base: 48, sm: 64 }}>
        <VisuallyHidden component="h2" id="stats-title">
          Tally at a glance
        </VisuallyHidden>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl" verticalSpacing={32}>
          {stats.map((stat) => (
            <div key={stat.label}>
              <Text className={classes.statValue}>{stat.value}</Text>
              <Text mt={6} size="sm" className={classes.statLabel} lh={1.5}>
                {stat.label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
