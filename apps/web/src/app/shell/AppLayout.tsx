import {
  AppShell,
  Avatar,
  Box,
  Breadcrumbs,
  Burger,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLifebuoy, IconLogout, IconReceipt2, IconSettings } from '@tabler/icons-react';
import { displayName, type User } from '@tally/shared';
import { forwardRef, useState } from 'react';
import { Link, Outlet, NavLink as RouterNavLink, useLocation } from 'react-router';
import { ColorModeToggle } from '../../components/ColorModeToggle';
import { Logo } from '../../components/Logo';
import { AskTally } from '../../features/ai/AskTally';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { useAuth } from '../auth';
import { NAV_ITEMS, OTHER_SCREENS } from './nav';
import classes from './shell.module.css';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { state, logout } = useAuth();
  // None in the page's prerendered frame (see ScreenFrame), which shows no one's name.
  const user = state.status === 'authenticated' ? state.user : undefined;
  const { pathname } = useLocation();
  const current = [...NAV_ITEMS, ...OTHER_SCREENS].find((item) => pathname.startsWith(item.to));
  const name = user ? displayName(user) : '';
  const initials = user
    ? `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || name[0]?.toUpperCase()
    : undefined;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Box w={216} visibleFrom="sm">
              <Logo to="/dashboard" link={(props) => <Link to="/dashboard" {...props} />} />
            </Box>
            <Breadcrumbs
              className={classes.breadcrumbs}
              separator="/"
              styles={{ root: { flexWrap: 'nowrap', minWidth: 0 } }}
              aria-label="Breadcrumb"
            >
              <Text
                component={Link}
                to="/dashboard"
                fw={600}
                c="var(--mantine-color-text)"
                truncate
                td="none"
              >
                {user ? `${name}'s Dashboard` : '\u00a0'}
              </Text>
              {current && current.to !== '/dashboard' && (
                <Text c="dimmed" truncate>
                  {current.label}
                </Text>
              )}
            </Breadcrumbs>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <AskTally />
            <ColorModeToggle />
            <NotificationBell />
            <UserMenu user={user} name={name} initials={initials} onSignOut={() => void logout()} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label="Main navigation">
        {/* Native scrolling: the few links rarely overflow, and Mantine's ScrollArea would weigh on every screen. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <Stack gap={4}>
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.to}
                component={RouterNavLink}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={20} stroke={1.6} />}
                active={pathname.startsWith(item.to)}
                // Mantine's hover pill for the active link is too dark for its green text (4.45:1).
                vars={() => ({
                  root: {
                    '--nl-hover':
                      'light-dark(var(--mantine-color-brand-1), var(--mantine-color-brand-light-hover))',
                  },
                  children: {},
                })}
                onClick={close}
                fw={500}
                style={{ borderRadius: 8 }}
              />
            ))}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

type UserMenuProps = {
  user: User | undefined;
  name: string;
  initials: string | undefined;
  onSignOut: () => void;
};

/**
 * The account menu. Its popover (a portal and its positioning) is set up when the button is first pressed,
 * not on every screen's start; it opens at once.
 */
function UserMenu(props: UserMenuProps) {
  const [used, setUsed] = useState(false);
  return used ? <UserMenuOpen {...props} /> : <UserButton {...props} onClick={() => setUsed(true)} />;
}

const UserButton = forwardRef<HTMLButtonElement, UserMenuProps & { onClick?: () => void }>(
  function UserButton({ user, name, initials, onSignOut: _, ...rest }, ref) {
    return (
      // The name it shows starts its accessible name, as what people see and what they hear should match.
      <UnstyledButton
        ref={ref}
        aria-label={`${user?.firstName || name}, user menu`}
        aria-haspopup="menu"
        style={{ borderRadius: 8 }}
        px={4}
        py={2}
        {...rest}
      >
        <Group gap={8} wrap="nowrap">
          <Avatar src={user?.profilePictureUrl} alt={name} radius="xl" size={34} color="brand">
            {initials}
          </Avatar>
          <Text fz="sm" fw={600} visibleFrom="md" maw={140} truncate>
            {user?.firstName || name}
          </Text>
          <IconChevronDown size={14} />
        </Group>
      </UnstyledButton>
    );
  },
);

function UserMenuOpen(props: UserMenuProps) {
  return (
    <Menu defaultOpened position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UserButton {...props} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{props.user?.email}</Menu.Label>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/tax" leftSection={<IconReceipt2 size={16} />}>
          Tax report
        </Menu.Item>
        <Menu.Item component={Link} to="/help" leftSection={<IconLifebuoy size={16} />}>
          Help
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={props.onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
