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
async function latestTurn(drawer: Locator, question: string | RegExp): Promise<Locator> {
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

/** An amount as the answers write it: "$1,234.56". */
const MONEY = /^\$[\d,]+\.\d\d$/;
const MONEY_IN = '\\$[\\d,]+\\.\\d\\d';

/** "$1,234.56" in cents. */
const cents = (amount: string) => Math.round(Number(amount.replace(/[$,]/g, '')) * 100);

/** The amount one figure shows, found by its label, in cents. */
async function figureCents(turn: Locator, label: string): Promise<number> {
  const figure = figures(turn).filter({ has: turn.page().getByText(label, { exact: true }) });
  await expect(figure).toHaveCount(1);
  return cents((await figure.getByText(MONEY).textContent()) ?? '');
}

/** The choices an answer that asks back offers, as buttons. */
const choices = (turn: Locator) =>
  turn.getByRole('group', { name: 'Choose what you meant' }).getByRole('button');

/** "Oct 2026": the month `months` before the one `day` is in, as the answers name a month. */
function monthBefore(day: string, months: number): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

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

    // A word narrower than a category: coffee is the bank's own kind of purchase, and the link filters by it.
    const coffee = await ask(drawer, 'How much did I spend on coffee last month?');
    await expect(coffee.getByText(/^You spent \$[\d,]+\.\d\d on coffee last month \(/)).toBeVisible();
    const coffeeFigure = figures(coffee).filter({ hasText: 'Spent on coffee' });
    const coffeeAmount = (await coffeeFigure.getByText(/^\$[\d,]+\.\d\d$/).textContent()) ?? '';
    await coffeeFigure.getByRole('link', { name: /^from \d+ transactions? for Spent on coffee$/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/transactions\?kind=coffee&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
    await expect(page.getByRole('group', { name: 'Active filters' }).getByText('Kind: Coffee')).toBeVisible();
    await expect(page.getByText('Total Expenses', { exact: true }).locator('xpath=..')).toContainText(
      coffeeAmount,
    );
    await checkScreen(page, testInfo, 'transactions-kind-coffee', { fullPage: false });
    await openAdvisor(page);

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

  test('ask Tally: a comparison, an average, questions asked back and answered by a choice, and advice whose change is confirmed; light, dark and phone', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    const today = await browserToday(page);
    await tightBudget(page, today);
    await page.reload();
    const drawer = await openAdvisor(page);
    const turns = drawer.getByRole('list', { name: 'Conversation' }).locator(':scope > li');

    // A comparison: yes or no, the two totals, and by how much; the verdict agrees with the figures.
    const compared = await ask(drawer, 'did I spend more on dining this month than last month');
    const verdict = new RegExp(
      `^(Yes|No)\\. You spent (${MONEY_IN}) on Dining Out this month \\([^)]+\\), against (${MONEY_IN}) last month \\([^)]+\\): (?:(${MONEY_IN}) (more|less)|the same)\\.$`,
    );
    const comparison = compared.getByText(verdict);
    await expect(comparison).toBeVisible();
    const [, yesNo, thisMonthText, lastMonthText, diffText, moreLess] =
      verdict.exec((await comparison.textContent()) ?? '') ?? [];
    await expect(figures(compared)).toHaveCount(2);
    const thisMonth = await figureCents(compared, 'Spent, this month');
    const lastMonth = await figureCents(compared, 'Spent, last month');
    expect([thisMonth, lastMonth]).toEqual([cents(thisMonthText ?? ''), cents(lastMonthText ?? '')]);
    expect(yesNo).toBe(thisMonth > lastMonth ? 'Yes' : 'No');
    if (thisMonth !== lastMonth) {
      expect(cents(diffText ?? '')).toBe(Math.abs(thisMonth - lastMonth));
      expect(moreLess).toBe(thisMonth > lastMonth ? 'more' : 'less');
    }

    // An average over the three complete months: one figure for the average, one for each month, which
    // add up to the total it gives.
    const averaged = await ask(
      drawer,
      'what do I spend on groceries a month on average over the last 3 months',
    );
    const sentence = new RegExp(
      `^You spent (${MONEY_IN}) a month on average on Groceries over the 3 months \\([^)]+\\), (${MONEY_IN}) in all\\.$`,
    );
    const average = averaged.getByText(sentence);
    await expect(average).toBeVisible();
    const [, perMonthText, inAllText] = sentence.exec((await average.textContent()) ?? '') ?? [];
    const months = [3, 2, 1].map((n) => monthBefore(today, n));
    await expect(figures(averaged)).toHaveCount(4);
    await expect(figures(averaged).nth(0)).toContainText('Average a month');
    const perMonth = await Promise.all(months.map((m) => figureCents(averaged, m)));
    const inAll = perMonth.reduce((n, x) => n + x, 0);
    expect(cents(inAllText ?? '')).toBe(inAll);
    expect(await figureCents(averaged, 'Average a month')).toBe(Math.round(inAll / 3));
    expect(cents(perMonthText ?? '')).toBe(Math.round(inAll / 3));
    // The demo household buys groceries every month: no month is left empty.
    for (const month of perMonth) expect(month).toBeGreaterThan(0);

    // One span named: Tally asks back against what, offering the month before and the same days a year before.
    const oneSpan = await ask(drawer, 'did I spend more on dining this month');
    await expect(
      oneSpan.getByText(
        /^Compared with when\? I can set this month against the span just before it, or the same days a year before\.$/,
      ),
    ).toBeVisible();
    await expect(choices(oneSpan)).toHaveCount(2);
    const previousMonth = choices(oneSpan).nth(0);
    await expect(previousMonth).toHaveText(
      new RegExp(`^Against ${months[2]} \\([A-Z][a-z]{2} 1 – [A-Z][a-z]{2} \\d\\d, \\d{4}\\)$`),
    );
    await expect(choices(oneSpan).nth(1)).toHaveText(/^Against a year before \([^)]+\)$/);
    await expect(oneSpan.getByRole('list', { name: 'Figures' })).toBeHidden();
    await checkScreen(page, testInfo, 'advisor-choices-light', { fullPage: false });

    // The choice asks its whole question as a new turn, answered: last month's total, as before.
    const asked = await turns.count();
    await previousMonth.click();
    const picked = await latestTurn(
      drawer,
      /^did I spend more on dining this month than in [A-Z][a-z]+ \d{4}\?$/,
    );
    await expect(turns).toHaveCount(asked + 1);
    await expect(
      picked.getByText(/^(Yes|No)\. You spent \$[\d,]+\.\d\d on Dining Out this month \(/),
    ).toBeVisible();
    await expect(figures(picked)).toHaveCount(2);
    expect(await figureCents(picked, 'Spent, this month')).toBe(thisMonth);
    await expect(figures(picked).nth(1)).toContainText(/^Spent, in [A-Z][a-z]+/);
    expect(cents((await figures(picked).nth(1).getByText(MONEY).textContent()) ?? '')).toBe(lastMonth);

    // Dark mode at phone width: the conversation is still there.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await openAdvisor(page);
    await expect(turns).toHaveCount(asked + 1);

    // Two categories joined by "or": each alone, or both together.
    const either = await ask(drawer, 'groceries or dining?');
    await expect(
      either.getByText('Which do you mean: Groceries, Dining Out, or all of them together?', { exact: true }),
    ).toBeVisible();
    await expect(choices(either)).toHaveText(['Groceries', 'Dining Out', 'All together']);
    await checkScreen(page, testInfo, 'advisor-choices-phone-dark', { fullPage: false });
    await choices(either).filter({ hasText: 'All together' }).click();
    const together = await latestTurn(drawer, /^groceries and dining out\??$/i);
    await expect(together.getByText(/ on Groceries and Dining Out this month \(/)).toBeVisible();
    await expect(figures(together)).toHaveCount(1);
    await expect(figures(together).nth(0)).toContainText('Spent on Groceries and Dining Out');
    await expect(figures(together).nth(0).getByText(MONEY)).toBeVisible();

    // Advice: the person's own findings, numbered, each with the figures behind it. The tight budget's
    // Dining Out is over (a high-priority finding no other outranks), and Tally offers to raise it.
    const advice = await ask(drawer, 'how can I save more?');
    const findings = advice.getByText(/^From your numbers:\s+1\. /);
    await expect(findings).toBeVisible();
    const lines = ((await findings.textContent()) ?? '').split('\n').slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(3);
    for (const [i, line] of lines.entries()) expect(line).toMatch(new RegExp(`^${i + 1}\\. \\S`));
    const overLine = new RegExp(
      `^\\d\\. Dining Out is over budget\\. You've spent (${MONEY_IN}) on Dining Out against a budget of \\$1\\.00, (${MONEY_IN}) over`,
    );
    const overFinding = lines.find((line) => overLine.test(line)) ?? '';
    expect(overFinding, 'a finding that Dining Out is over budget').toMatch(overLine);
    const [, diningSpent, diningOver] = overLine.exec(overFinding) ?? [];
    expect(cents(diningSpent ?? '')).toBe(cents(diningOver ?? '') + 100);
    await expect(figures(advice).filter({ hasText: 'Dining Out budget' })).toHaveCount(1);
    await expect(
      figures(advice)
        .filter({ hasText: 'Over budget' })
        .filter({ hasText: diningOver ?? '' }),
    ).not.toHaveCount(0);
    const raise = advice.getByRole('button', { name: `Raise Dining Out to ${diningSpent}` });
    await expect(raise).toBeVisible();
    await checkScreen(page, testInfo, 'advisor-advice-phone-dark', { fullPage: false });

    // Confirmed, the change is made through the budget's own route.
    await raise.click();
    const confirmation = advice.getByRole('group', { name: `Raise Dining Out to ${diningSpent}?` });
    await expect(
      confirmation.getByText(`Your Dining Out budget for this period will be ${diningSpent}.`),
    ).toBeVisible();
    expect(await allocatedTo(page, DINING_OUT)).toBe(1);
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await expect(advice.getByText(`Dining Out now has ${diningSpent} budgeted.`)).toBeVisible();
    expect(await allocatedTo(page, DINING_OUT)).toBe(cents(diningSpent ?? '') / 100);

    // Back in light mode at phone width, asked again: Dining Out is no longer over, so no raise is offered
    // (whatever else is found, or where the money went when nothing stands out).
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await openAdvisor(page);
    // What was done is still said where it was confirmed.
    await expect(advice.getByText(`Dining Out now has ${diningSpent} budgeted.`)).toBeVisible();
    const again = await ask(drawer, 'how can I save more?');
    await expect(figures(again).first()).toBeVisible();
    await expect(again.getByText(/Dining Out is over budget/)).toBeHidden();
    await expect(again.getByRole('button', { name: /^Raise Dining Out/ })).toBeHidden();
    await checkScreen(page, testInfo, 'advisor-advice-phone-light', { fullPage: false });
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
