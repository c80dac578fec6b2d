import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { ColorModeToggle } from '../../components/ColorModeToggle';
import { Logo } from '../../components/Logo';
import classes from './LandingPage.module.css';
import { LANDING_SECTIONS } from './sections';

const LandingMenu = lazy(async () => ({ default: (await import('./LandingMenu')).LandingMenu }));

export function LandingHeader() {
  const [isMenuOpen, menu] = useDisclosure(false);
  // The menu's code is fetched on first use, and kept mounted after so it can animate closed.
  const [menuWanted, setMenuWanted] = useState(false);

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
          <Button component="a" href="/login" variant="subtle" color="gray" visibleFrom="sm">
            Sign In
          </Button>
          <Button component="a" href="/register" visibleFrom="sm">
            Get Started Free
          </Button>
          <Burger
            hiddenFrom="sm"
            opened={isMenuOpen}
            onClick={() => {
              setMenuWanted(true);
              menu.toggle();
            }}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={isMenuOpen}
            aria-controls="landing-menu"
          />
        </Group>
      </Container>

      {menuWanted && (
        <Suspense fallback={null}>
          <LandingMenu opened={isMenuOpen} onClose={menu.close} />
        </Suspense>
      )}
    </header>
  );
}
