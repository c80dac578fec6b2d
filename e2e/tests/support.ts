import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Saves a full-page screenshot as an artifact and fails on serious or critical accessibility violations. */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState('networkidle');
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).slice(0, 5),
    }));
  expect(blocking, `accessibility violations on ${name}`).toEqual([]);
}

let counter = 0;
export function newPerson() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { firstName: 'Maya', lastName: 'Chen', email: `maya.${id}@example.com`, password: 'budget-pass-1' };
}

export async function register(page: Page, person: ReturnType<typeof newPerson>) {
  await page.goto('/register');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
