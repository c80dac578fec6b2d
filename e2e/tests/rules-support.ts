import type { Page } from '@playwright/test';
import { expect } from './support';

/** The Rules screen's list, in the order the rules apply. */
export const ruleList = (page: Page) => page.getByRole('list', { name: 'Rules, in the order they apply' });

/** One rule's card, by its place in the order (1 is the top). */
export const ruleCard = (page: Page, n: number) =>
  ruleList(page).getByRole('listitem', { name: `Rule ${n}` });

/** Every rule's sentence, top first (each card is described by its sentence). */
export async function ruleSentences(page: Page): Promise<string[]> {
  const cards = await ruleList(page).getByRole('listitem').all();
  return Promise.all(
    cards.map(async (card) => {
      const id = await card.getAttribute('aria-describedby');
      return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
    }),
  );
}

/** Waits until the rules read as these sentences, top first. */
export async function expectRules(page: Page, sentences: string[]) {
  await expect.poll(() => ruleSentences(page)).toEqual(sentences);
}

/** Switches the colour scheme the app keeps in the browser and loads the page again in it. */
export async function useColorScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('colorScheme', value), scheme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/** What the apply preview's headline says: 'N of M matching transactions will change', as numbers. */
export async function previewCounts(page: Page): Promise<{ changing: number; matching: number }> {
  const headline = page
    .getByRole('dialog', { name: 'Apply to past transactions' })
    .getByText(/^[\d,]+ of [\d,]+ matching transactions? will change$/);
  await expect(headline).toBeVisible();
  const match = /^([\d,]+) of ([\d,]+)/.exec((await headline.textContent()) ?? '');
  const number = (s: string | undefined) => Number((s ?? '').replaceAll(',', ''));
  return { changing: number(match?.[1]), matching: number(match?.[2]) };
}

/** 1234 as the app writes counts: '1,234'. */
export const count = (n: number) => n.toLocaleString('en-US');
