import { Box, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Logo } from '../../components/Logo';
import classes from './AuthLayout.module.css';
import { AUTH_ASIDE_ID } from './auth-aside-id';

const POINTS = [
  'Budgets that count up every day you stay on track',
  'Every subscription found and tracked for you',
  'Savings goals funded from what you did not spend',
];

/** The panel beside the sign-in and sign-up forms on wide screens: what Tally does. */
export function AuthAside() {
  return (
    <Box id={AUTH_ASIDE_ID} className={classes.aside} visibleFrom="md">
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
      <Text c="white" opacity={0.85} fz="sm" suppressHydrationWarning>
        © {new Date().getFullYear()} Tally
      </Text>
    </Box>
  );
}
