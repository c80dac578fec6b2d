import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ColorModeToggle } from '../../components/ColorModeToggle';
import { Logo } from '../../components/Logo';
import classes from './AuthLayout.module.css';

const POINTS = [
  'Budgets that count up every day you stay on track',
  'Every subscription found and tracked for you',
  'Savings goals funded from what you did not spend',
];

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
      <Box className={classes.aside} visibleFrom="md">
        <Logo size="lg" />
        <Stack gap="lg" maw={420}>
          <Title order={2} c="white" fz={34} lh={1.15}>
            Money that grows while you watch.
          </Title>
          <List
            spacing="sm"
            c="white"
            icon={
              <ThemeIcon size={22} radius="xl" color="white" c="brand.9">
                <IconCheck size={14} stroke={3} />
              </ThemeIcon>
            }
          >
            {POINTS.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Stack>
        <Text c="white" opacity={0.85} fz="sm">
          © {new Date().getFullYear()} Tally
        </Text>
      </Box>
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
