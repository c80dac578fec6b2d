import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Drawer.css';
import { Button, Drawer, Group, Stack } from '@mantine/core';
import { Logo } from '../../components/Logo';
import classes from './LandingPage.module.css';
import { LANDING_SECTIONS } from './sections';

/** The phone menu: fetched the first time the menu button is pressed (most visitors never open it). */
export function LandingMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    // Composed by hand: Drawer's built-in title bar is a <header>, a second banner landmark on the page.
    <Drawer.Root id="landing-menu" opened={opened} onClose={onClose} position="top" size="auto">
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
                <a key={section.id} href={`#${section.id}`} className={classes.drawerLink} onClick={onClose}>
                  {section.label}
                </a>
              ))}
            </nav>
            <Button component="a" href="/register" size="md" fullWidth>
              Get Started Free
            </Button>
            <Button component="a" href="/login" size="md" variant="default" fullWidth>
              Sign In
            </Button>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
