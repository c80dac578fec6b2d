import type { Locator, Page } from '@playwright/test';
import {
  addDays,
  browserToday,
  checkScreen,
  createByApi,
  expect,
  linkDemoBank,
  newPerson,
  register,
  test,
} from './support';

const BUDGET_NAME = 'Tight month';
const DINING_OUT = 21;

/**
 * A monthly budget that began four weeks ago, so the demo history's meals out this period already overrun
 * its $1.00 for Dining Out.
 */
async function tightBudget(page: Page, today: string) {
  await createByApi(page, '/api/budget', {
    name: BUDGET_NAME,
    period: 2,
    startDate: addDays(today, -27),
    totalIncome: 6000,
    categories: [
      { category: 20, allocatedAmount: 800, allowRollover: false },
      { category: DINING_OUT, allocatedAmount: 1, allowRollover: false },
    ],
  });
}

/** The active budget's allocation for one category, read through the API as the Budgets screen reads it. */
const allocatedTo = (page: Page, category: number) =>
  page.evaluate(async (code) => {
    const res = await fetch('/api/budget/active', {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    const budget = (await res.json()) as { categories: { category: number; allocatedAmount: number }[] };
    return budget.categories.find((c) => c.category === code)?.allocatedAmount;
  }, category);

/** Opens Ask Tally from the top bar: the drawer, with the keyboard in its input. */
async function openAdvisor(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Ask Tally' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ask Tally' });
  await expect(drawer).toBeVisible();
  await expect(questionBox(drawer)).toBeFocused();
  return drawer;
}

const questionBox = (drawer: Locator) => drawer.getByRole('textbox', { name: 'Your question' });

/**
 * The newest question and its reply, once Tally has stopped thinking; found by its place, so it stays that
 * turn after later questions.
 */
async function latestTurn(drawer: Locator, question: string): Promise<Locator> {
  const turns = drawer.getByRole('list', { name: 'Conversation' }).locator(':scope > li');
  await expect(turns.last().getByText(question, { exact: true })).toBeVisible();
  const turn = turns.nth((await turns.count()) - 1);
  await expect(turn.getByText('Thinking…')).toBeHidden({ timeout: 20_000 });
  return turn;
}

/** Types a question and sends it with Enter; answers its turn once replied to. */
async function ask(drawer: Locator, question: string): Promise<Locator> {
  await questionBox(drawer).fill(question);
  await questionBox(drawer).press('Enter');
  await expect(questionBox(drawer)).toHaveValue('');
  return latestTurn(drawer, question);
}

const figures = (turn: Locator) => turn.getByRole('list', { name: 'Figures' }).getByRole('listitem');

test.describe('advisor', () => {
  test('ask Tally: a suggested question → a typed one → a figure checked on Transactions → a decline → a proposed change confirmed', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    const today = await browserToday(page);
    await tightBudget(page, today);
    await page.reload();

    // The top bar opens the drawer; an empty chat offers questions to start with.
    const drawer = await openAdvisor(page);
    const suggestions = drawer.getByRole('list', { name: 'Try asking' });
    await expect(suggestions.getByRole('button')).toHaveCount(5);
    await checkScreen(page, testInfo, 'advisor-empty', { fullPage: false });

    // A suggestion is asked at once, and answered from the budget.
    await suggestions.getByRole('button', { name: 'How much is left in my budget?' }).click();
    const left = await latestTurn(drawer, 'How much is left in my budget?');
    // What was spent overruns the whole budget: it says by how much.
    await expect(
      left.getByText(
        new RegExp(
          `^Your budget "${BUDGET_NAME}" is \\$[\\d,]+\\.\\d\\d over its \\$801\\.00 \\(\\$[\\d,]+\\.\\d\\d spent\\), (with \\d+ days? to go|and today is its last day)\\.`,
        ),
      ),
    ).toBeVisible();
    await expect(left.getByText(/Over budget: .*Dining Out/)).toBeVisible();
    const toGo = Number(
      /with (\d+) days? to go/.exec((await left.getByText(/^Your budget/).textContent()) ?? '')?.[1],
    );
    await expect(figures(left)).toHaveCount(3);
    await expect(figures(left).nth(0)).toContainText('Budgeted$801.00');
    await expect(drawer.getByRole('list', { name: 'Try asking' })).toBeHidden();
    await expect(questionBox(drawer)).toBeFocused();

    // A typed question: its figure says how many transactions make it up, and links to them.
    const dining = await ask(drawer, 'How much did I spend on dining out last month?');
    await expect(dining.getByText(/^You spent \$[\d,]+\.\d\d on Dining Out last month \(/)).toBeVisible();
    const spent = figures(dining).filter({ hasText: 'Spent on Dining Out' });
    const amount = (await spent.getByText(/^\$[\d,]+\.\d\d$/).textContent()) ?? '';
    expect(amount).toMatch(/^\$[\d,]+\.\d\d$/);
    const link = spent.getByRole('link', { name: /^from \d+ transactions? for Spent on Dining Out$/ });
    await expect(link).toBeVisible();
    await checkScreen(page, testInfo, 'advisor-answer-figures', { fullPage: false });

    // One click: the drawer closes and Transactions shows the same filters, totalling the same amount.
    await link.click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/transactions\?category=21&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
    await expect(page.getByText('Total Expenses', { exact: true }).locator('xpath=..')).toContainText(amount);

    // The conversation is still there when the drawer opens again.
    await openAdvisor(page);
    await expect(drawer.getByRole('list', { name: 'Conversation' }).locator(':scope > li')).toHaveCount(2);

    // Out of scope: declined, saying what it can answer, with no figures.
    const weather = await ask(drawer, "What's the weather tomorrow?");
    await expect(weather.getByText(/I can answer questions about your own money/)).toBeVisible();
    await expect(weather.getByRole('list', { name: 'Figures' })).toBeHidden();

    // Over budget: a raise is proposed, and nothing changes until it is confirmed.
    const over = await ask(drawer, 'How much is left in my dining out budget?');
    await expect(over.getByText(/^You're \$[\d,]+\.\d\d over your \$1\.00 Dining Out budget/)).toBeVisible();
    const raise = over.getByRole('button', { name: /^Raise Dining Out to \$[\d,]+\.\d\d$/ });
    await expect(raise).toBeVisible();
    const label = (await raise.textContent()) ?? '';
    const newAmount = Number(label.replace(/^.*\$/, '').replace(/,/g, ''));
    await raise.click();
    const confirmation = over.getByRole('group', { name: `${label}?` });
    await expect(confirmation.getByText(/^Your Dining Out budget for this period will be \$/)).toBeVisible();
    await expect(confirmation.getByRole('button', { name: 'Confirm' })).toBeFocused();
    expect(await allocatedTo(page, DINING_OUT)).toBe(1);
    await checkScreen(page, testInfo, 'advisor-confirm', { fullPage: false });

    // Cancel leaves it as it was; Confirm makes the change through the budget's own route.
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(raise).toBeFocused();
    expect(await allocatedTo(page, DINING_OUT)).toBe(1);
    await raise.click();
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await expect(over.getByText(/^Dining Out now has \$[\d,]+\.\d\d budgeted\./)).toBeVisible();
    expect(await allocatedTo(page, DINING_OUT)).toBe(newAmount);
    await checkScreen(page, testInfo, 'advisor-change-done', { fullPage: false });

    // Asked again, the category is no longer over, and nothing more is proposed.
    const again = await ask(drawer, 'How much is left in my dining out budget?');
    await expect(
      again.getByText(/^You have \$[\d,]+\.\d\d left of your \$[\d,]+\.\d\d Dining Out budget/),
    ).toBeVisible();
    await expect(again.getByRole('button', { name: /^Raise/ })).toBeHidden();

    // The change shows on the Budgets screen.
    await over.getByRole('link', { name: 'Open Budgets' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/budgets$/);
    // The category card reads "{spent} of {allocated}": the allocation is the new amount.
    await expect(page.getByRole('region', { name: 'Dining Out' })).toContainText(
      `of ${label.replace(/^.* to /, '')}`,
    );
    // Ask Tally counted the days left as this screen does.
    if (toGo > 1) await expect(page.getByText(new RegExp(` · ${toGo} days left$`))).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`ask Tally reads well at phone width and on a wide screen in ${scheme} mode`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript((s) => localStorage.setItem('colorScheme', s), scheme);
      await register(page, newPerson());
      await linkDemoBank(page, 'demo_summit');
      await page.reload();

      // At phone width the top bar shows the icon alone, and the drawer fills the screen.
      const drawer = await openAdvisor(page);
      expect((await drawer.boundingBox())?.width).toBe(390);
      await checkScreen(page, testInfo, `advisor-empty-phone-${scheme}`, { fullPage: false });

      await drawer
        .getByRole('list', { name: 'Try asking' })
        .getByRole('button', { name: 'How much did I spend on dining out last month?' })
        .click();
      const dining = await latestTurn(drawer, 'How much did I spend on dining out last month?');
      await expect(figures(dining).first()).toBeVisible();
      const list = await ask(drawer, 'Where did my money go last month?');
      await expect(list.getByText(/^Where your money went last month/)).toBeVisible();
      await checkScreen(page, testInfo, `advisor-answers-phone-${scheme}`, { fullPage: false });

      // Near the 500-character limit a counter shows what is left.
      await questionBox(drawer).fill('How much did I spend '.repeat(21));
      await expect(drawer.getByText(/^441\/500/)).toBeVisible();
      await checkScreen(page, testInfo, `advisor-counter-phone-${scheme}`, { fullPage: false });
      await questionBox(drawer).fill('');

      // Wide: the drawer sits on the right, the page beside it.
      await page.setViewportSize({ width: 1280, height: 860 });
      await expect.poll(async () => (await drawer.boundingBox())?.width).toBeLessThan(500);
      await checkScreen(page, testInfo, `advisor-answers-wide-${scheme}`, { fullPage: false });
    });
  }
});
