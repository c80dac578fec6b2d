/**
 * Text colours for money that keep 4.5:1 contrast on cards in both schemes: the theme's 9th shade on light
 * backgrounds, the 4th on dark ones (the 6th, Mantine's default, is too pale on white).
 */
export const POSITIVE_MONEY = 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))';
export const DEBT_MONEY = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';
