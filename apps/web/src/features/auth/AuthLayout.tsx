import { Box, Group, Paper, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { ColorModeToggle } from '../../components/ColorModeToggle';
import { Logo } from '../../components/Logo';
import { whenNearViewport } from '../../lib/when-near-viewport';
import classes from './AuthLayout.module.css';
import { AUTH_ASIDE_ID } from './auth-aside-id';

// The brand panel beside the form is shown on wide screens only: prerendered with the page, its code
// fetched (and hydrated) once it is on screen, so never on a phone (see LandingPage).
const AuthAside = lazy(async () => {
  await whenNearViewport(AUTH_ASIDE_ID);
  return { default: (await import('./AuthAside')).AuthAside };
});

/** The frame around sign-in and sign-up: the form on one side, what Tally does on the other. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box className={classes.root}>
      <Suspense fallback={null}>
        <AuthAside />
      </Suspense>
      <Box component="main" className={classes.main}>
        <Group justify="space-between" w="100%" maw={440}>
          <Box hiddenFrom="md">
            <Logo />
          </Box>
          <Box ml="auto">
            <ColorModeToggle />
          </Box>
        </Group>
        <Paper className={classes.card} withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} w="100%" maw={440}>
          <Title order={1} fz={28}>
            {title}
          </Title>
          <Text c="dimmed" mt={4} mb="lg">
            {subtitle}
          </Text>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
