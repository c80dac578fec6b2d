import type { Rule } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders, streamedBody } from '../../test-utils';
import { RulesPage } from './RulesPage';
import { anAccount, aPreview, aRule, RENT_ID, STARBUCKS_ID, threeRules, UBER_ID } from './test-fixtures';

// jsdom has no scrollIntoView; Mantine's Select calls it on the option it highlights.
Element.prototype.scrollIntoView ??= () => {};

const RULES = 'GET /api/rules';
const ORDER = 'PUT /api/rules/order';
const ACCOUNTS = 'GET /api/plaid/accounts';

function Location() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(path = '/rules') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <RulesPage />
      <Location />
    </MemoryRouter>,
  );
}

/** A fake server that keeps the rules: reordering, creating and deleting change what GET answers next. */
function withStoredRules(initial: Rule[] = threeRules(), extra: Parameters<typeof fakeApi>[0] = {}) {
  let rules = initial;
  const api = fakeApi({
    [RULES]: () => ({ body: rules }),
    [ACCOUNTS]: { body: [anAccount()] },
    [ORDER]: ({ body }) => {
      const ids = (body as { ids: string[] }).ids;
      rules = ids.map((id, i) => ({ ...(rules.find((r) => r.id === id) as Rule), position: i + 1 }));
      return { body: rules };
    },
    ...Object.fromEntries(
      rules.map((r) => [
        `DELETE /api/rules/${r.id}`,
        () => {
          rules = rules.filter((x) => x.id !== r.id);
          return { status: 204 };
        },
      ]),
    ),
    ...extra,
  });
  return api;
}

const sentences = () =>
  within(screen.getByRole('list', { name: 'Rules, in the order they apply' }))
    .getAllByRole('listitem')
    .map((item) => document.getElementById(item.getAttribute('aria-describedby') ?? '')?.textContent);
/** An element whose whole text is this (a sentence is split into runs). */
const wholeText = (text: string) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && el.textContent === text;

beforeAll(async () => {
  await Promise.all([
    import('./components/RuleDialog'),
    import('./components/ApplyRuleDialog'),
    import('./components/DeleteRuleDialog'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

describe('RulesPage', () => {
  it('explains rules and lists them as sentences, in order', async () => {
    withStoredRules();
    renderPage();
    expect(screen.getByText('Loading your rules…')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Rules' })).toBeTruthy();
    expect(
      screen.getByText(
        'Rules set the category and/or rename the merchant of matching transactions, on every import from your banks and files. They apply in order, from the top.',
      ),
    ).toBeTruthy();
    await screen.findByRole('list', { name: 'Rules, in the order they apply' });
    expect(sentences()).toEqual([
      'When description or merchant contains "starbucks" → set category Dining Out',
      'When description starts with "Oak Street Properties" → set category Rent/Mortgage',
      'When merchant is exactly "uber trip" → rename merchant to Uber',
    ]);
    expect(screen.getByRole('listitem', { name: 'Rule 1' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move rule 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move rule 3 down' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('offers the first rule when there is none', async () => {
    withStoredRules([]);
    renderPage();
    expect(await screen.findByText('No rules yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(await screen.findByRole('dialog', { name: 'Create rule' })).toBeTruthy();
  });

  it('moves a rule down, sends the new order and keeps focus on the moved rule', async () => {
    const api = withStoredRules();
    renderPage();
    await screen.findByRole('list', { name: 'Rules, in the order they apply' });
    fireEvent.click(screen.getByRole('button', { name: 'Move rule 1 down' }));
    await waitFor(() =>
      expect(sentences()[0]).toBe(
        'When description starts with "Oak Street Properties" → set category Rent/Mortgage',
      ),
    );
    expect(screen.getByText('Rule moved to position 2 of 3')).toBeTruthy();
    await waitFor(() => expect(api.count(ORDER)).toBe(1));
    expect(api.requests.find((r) => r.route === ORDER)?.body).toEqual({
      ids: [RENT_ID, STARBUCKS_ID, UBER_ID],
    });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move rule 2 down');
  });

  it('moves a rule to the top, and focus goes to the move that is left', async () => {
    const api = withStoredRules();
    renderPage();
    await screen.findByRole('list', { name: 'Rules, in the order they apply' });
    fireEvent.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    await waitFor(() => expect(api.count(ORDER)).toBe(1));
    expect(api.requests.find((r) => r.route === ORDER)?.body).toEqual({
      ids: [RENT_ID, STARBUCKS_ID, UBER_ID],
    });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move rule 1 down'));
  });

  it('puts the order back when the server refuses it', async () => {
    withStoredRules(threeRules(), {
      [ORDER]: {
        status: 400,
        body: {
          message: 'The new order must list each of your rules exactly once',
          code: 'VALIDATION_ERROR',
        },
      },
    });
    renderPage();
    await screen.findByRole('list', { name: 'Rules, in the order they apply' });
    fireEvent.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    expect(await screen.findByText('Error moving rule')).toBeTruthy();
    expect(sentences()[0]).toBe(
      'When description or merchant contains "starbucks" → set category Dining Out',
    );
  });

  it('previews applying a rule to past transactions, then applies it', async () => {
    const api = withStoredRules(threeRules(), {
      [`GET /api/rules/${STARBUCKS_ID}/preview`]: { body: aPreview() },
      [`POST /api/rules/${STARBUCKS_ID}/apply`]: { body: { changed: 12 } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to past transactions (rule 1)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to past transactions' }));
    expect(await dialog.findByText('12 of 14 matching transactions will change')).toBeTruthy();
    const examples = dialog.getAllByRole('listitem');
    expect(examples).toHaveLength(10);
    expect(examples[0]?.textContent).toBe('StarbucksOct 20, 2026 · -$4.50ShoppingDining Out');
    expect(dialog.getByText('and 2 more')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Apply to 12 transactions' }));
    expect(await screen.findByText('12 transactions updated')).toBeTruthy();
    expect(api.count(`POST /api/rules/${STARBUCKS_ID}/apply`)).toBe(1);
  });

  it('shows the apply under way, and cannot be closed until the server answers', async () => {
    // The answer arrives only when the test sends it, as from a rule that changes many transactions.
    const answer = streamedBody();
    withStoredRules(threeRules(), {
      [`GET /api/rules/${STARBUCKS_ID}/preview`]: { body: aPreview() },
      [`POST /api/rules/${STARBUCKS_ID}/apply`]: {
        stream: answer.stream,
        headers: { 'content-type': 'application/json' },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to past transactions (rule 1)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to past transactions' }));
    await dialog.findByText('12 of 14 matching transactions will change');
    expect(dialog.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Apply to 12 transactions' }));

    expect(
      await dialog.findByText('Applying to 12 transactions… Many transactions can take up to a minute.'),
    ).toBeTruthy();
    const applyButton = dialog.getByRole('button', { name: 'Apply to 12 transactions' });
    expect(applyButton.getAttribute('data-loading')).toBe('true');
    expect((dialog.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Apply to past transactions' }), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Apply to past transactions' })).toBeTruthy();

    answer.write('{"changed":12}');
    answer.end();
    expect(await screen.findByText('12 transactions updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Applying to 12 transactions…/)).toBeNull());
  });

  it('says when there is nothing to change, and does not offer to apply', async () => {
    withStoredRules(threeRules(), {
      [`GET /api/rules/${UBER_ID}/preview`]: { body: aPreview({ matching: 1, changing: 0, examples: [] }) },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to past transactions (rule 3)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to past transactions' }));
    expect(await dialog.findByText('0 of 1 matching transaction will change')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a rename as the old name and the new one', async () => {
    const example = {
      ...aPreview().examples[0]!,
      description: 'UBER TRIP HELP.UBER.COM',
      merchantName: 'Uber Trip',
      amount: -18.2,
      fromCategoryName: 'Transportation',
      toCategoryName: 'Transportation',
      toMerchantName: 'Uber',
    };
    withStoredRules(threeRules(), {
      [`GET /api/rules/${UBER_ID}/preview`]: {
        body: aPreview({ matching: 5, changing: 4, examples: [example] }),
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to past transactions (rule 3)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply to past transactions' }));
    expect(await dialog.findByText('4 of 5 matching transactions will change')).toBeTruthy();
    expect(dialog.getByText('The others already have that name.')).toBeTruthy();
    expect(dialog.getByRole('listitem').textContent).toBe('Uber Trip  UberOct 20, 2026 · -$18.20');
    expect(dialog.getByText('Uber Trip').style.textDecoration).toBe('line-through');
  });

  it('deletes a rule once confirmed', async () => {
    const api = withStoredRules();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete rule 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this rule?' }));
    expect(
      dialog.getByText(wholeText('When merchant is exactly "uber trip" → rename merchant to Uber')),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete rule' }));
    expect(await screen.findByText('Rule deleted')).toBeTruthy();
    await waitFor(() => expect(sentences()).toHaveLength(2));
    expect(api.count(`DELETE /api/rules/${UBER_ID}`)).toBe(1);
  });

  it('opens a new rule from the address, then offers it to past transactions', async () => {
    const created = aRule({ id: '7a1e3c52-1b2d-4c3e-8f40-000000000010', position: 1, pattern: 'Starbucks' });
    withStoredRules([], {
      'POST /api/rules': { status: 201, body: created },
      [`GET /api/rules/${created.id}/preview`]: {
        body: aPreview({ matching: 3, changing: 3, examples: [] }),
      },
    });
    renderPage('/rules?pattern=Starbucks&category=21&field=either');
    const dialog = within(await screen.findByRole('dialog', { name: 'Create rule' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/rules');
    expect((dialog.getByRole('textbox', { name: /Text to match/ }) as HTMLInputElement).value).toBe(
      'Starbucks',
    );
    expect((dialog.getByRole('combobox', { name: 'Set category' }) as HTMLInputElement).value).toBe(
      'Dining Out',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Create rule' }));
    const apply = within(await screen.findByRole('dialog', { name: 'Apply to past transactions' }));
    expect(apply.getByText('Rule created.')).toBeTruthy();
    expect(await apply.findByText('3 of 3 matching transactions will change')).toBeTruthy();
    expect(apply.getByRole('button', { name: 'Not now' })).toBeTruthy();
  });
});
