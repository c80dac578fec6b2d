import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches light/dark; the choice is remembered, until then the system setting applies. */
export function useColorMode({ afterHydration = false } = {}) {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: afterHydration });
  return { isDark: computed === 'dark', setDark: (dark: boolean) => setColorScheme(dark ? 'dark' : 'light') };
}

export function ColorModeToggle() {
  // Prerendered pages cannot know the mode: the label follows once hydrated, the icon by CSS at once.
  const { isDark, setDark } = useColorMode({ afterHydration: true });
  const label = isDark ? 'Switch to light mode' : 'Switch to dark mode';
  // A native title, not Mantine's Tooltip: the public pages would download a positioning library for it.
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={label}
      title={label}
      onClick={() => setDark(!isDark)}
    >
      {/* No display style here: it would outrank the classes that hide the icon of the other mode. */}
      <Box component="span" lh={0} lightHidden>
        <IconSun size={18} stroke={1.6} />
      </Box>
      <Box component="span" lh={0} darkHidden>
        <IconMoon size={18} stroke={1.6} />
      </Box>
    </ActionIcon>
  );
}
