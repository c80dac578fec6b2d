import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches light/dark; the choice is remembered, until then the system setting applies. */
export function useColorMode() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return { isDark: computed === 'dark', setDark: (dark: boolean) => setColorScheme(dark ? 'dark' : 'light') };
}

export function ColorModeToggle() {
  const { isDark, setDark } = useColorMode();
  const label = isDark ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" radius="md" aria-label={label} onClick={() => setDark(!isDark)}>
        {isDark ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
      </ActionIcon>
    </Tooltip>
  );
}
