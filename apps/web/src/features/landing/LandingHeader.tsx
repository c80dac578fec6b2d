import { Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { ColorModeToggle } from '../../components/ColorModeToggle';
import { Logo } from '../../components/Logo';
import classes from './LandingPage.module.css';
import { LANDING_SECTIONS } from './sections';

export function LandingHeader() {
  const [isMenuOpen, menu] = useDisclosure(false);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner} component="nav" aria-label="Main">
        <Logo />

        <Group gap={4} visibleFrom="md">
          {LANDING_SECTIONS.map((section) => (
            <a key={section.id} href={`#${section.id}`} className={classes.navLink}>
              {section.label}
            </a>
          ))}
        </Group>

        <Group gap="xs" wrap="nowrap">
          <ColorModeToggle />
          <Button component={Link} to="/login" variant="subtle" color="gray" visibleFrom="sm">
            Sign In
          </Button>
          <Button component={Link} to="/register" visibleFrom="sm">
            Get Started Free
          </Button>
          <Burger
            hiddenFrom="sm"
            opened={isMenuOpen}
            onClick={menu.toggle}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={isMenuOpen}
            aria-controls="landing-menu"
          />
        </Group>
      </Container>

      {/* Composed by hand: Drawer's built-in title bar is a <header>, a second banner landmark on the page. */}
      <Drawer.Root id="landing-menu" opened={isMenuOpen} onClose={menu.close} position="top" size="auto">
        <Drawer.Overlay />
        <Drawer.Content aria-label="Menu">
          <Drawer.Body pt="md">
            <Group justify="space-between" mb="sm">
              <Logo />
              <Drawer.CloseButton aria-label="Close menu" />
            </Group>
            <Stack gap="lg" pb="md">
              <nav aria-label="Sections">
                {LANDING_SECTIONS.map((section) => (
                  <a
                    key={section.id}
                    href={`#${section.id}`}
                    className={classes.drawerLink}
                    onClick={menu.close}
                  >
                    {section.label}
                  </a>
                ))}
              </nav>
              <Button component={Link} to="/register" size="md" fullWidth>
                Get Started Free
              </Button>
              <Button component={Link} to="/login" size="md" variant="default" fullWidth>
                Sign In
              </Button>
            </Stack>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </header>
  );
}
