import {
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';

// A deep green: money that grows. Shades 7+ keep white text above 4.5:1 contrast.
const brand: MantineColorsTuple = [
  '#e6fbf3',
  '#d2f3e6',
  '#a6e6cc',
  '#76d9b0',
  '#4fcd98',
  '#36c689',
  '#25c280',
  '#12aa6c',
  '#00875a',
  '#006e48',
];

// Mantine's red with shades 8 and 9 darkened: white on shade 8 (every filled red button, Disconnect and
// Delete among them) is 5.4:1 here, where Mantine's #e03131 is 4.5:1 and dips below while fading in.
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#f03e3e',
  '#c92a2a',
  '#a51d1d',
];

// Mantine's orange with shade 9 darkened: light badges and icons write in shade 9 on shade 1, where Mantine's
// #d9480f is 3.9:1; this is 5:1. Shade 8, what bars and dots fill with, is unchanged.
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#e8590c',
  '#b23c00',
];

export const theme = createTheme({
  // People who ask their system for less motion get no transitions (and the journeys run that way).
  respectReducedMotion: true,
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 8 },
  colors: { brand, red, orange },
  fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, sans-serif", fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Mantine's close buttons have no accessible name, and toast text is grey below 4.5:1 in light mode.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/** --tally-money-in: green for money in, readable (4.5:1) on cards in both modes.
 * Mantine's default dimmed text is below 4.5:1 contrast in both modes; darken (or lighten) it. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field errors (and the text of a field in error) at 4.5:1: Mantine's red 6 and 8 are under it.
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--tally-money-in': 'var(--mantine-color-teal-9)',
  },
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--tally-money-in': 'var(--mantine-color-teal-4)',
  },
});

/** 'auto' follows the system until the person picks a mode; the pick is remembered in localStorage. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'colorScheme' });
