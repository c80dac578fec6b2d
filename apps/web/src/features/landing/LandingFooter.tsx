import { Container, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import { Logo } from '../../components/Logo';
import classes from './LandingPage.module.css';
import { LANDING_SECTIONS } from './sections';

export function LandingFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap="sm">
              <Logo size="sm" />
              <Text size="sm" c="dimmed" maw={280}>
                The AI budgeting app where your budget counts up, not down.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }} component="nav" aria-label="Product">
            <Text className={classes.footerHeading}>Product</Text>
            {LANDING_SECTIONS.map((section) => (
              <a key={section.id} href={`#${section.id}`} className={classes.footerLink}>
                {section.label}
              </a>
            ))}
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }} component="nav" aria-label="Account">
            <Text className={classes.footerHeading}>Account</Text>
            <a href="/login" className={classes.footerLink}>
              Sign in
            </a>
            <a href="/register" className={classes.footerLink}>
              Create an account
            </a>
          </Grid.Col>
        </Grid>
        <Divider my="xl" />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" suppressHydrationWarning>
            © {new Date().getFullYear()} Tally. All rights reserved.
          </Text>
          <Text size="sm" c="dimmed">
            Budgeting that counts up.
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
