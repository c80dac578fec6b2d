import { rule as ruleSchema } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../../test-utils';
import { emptyRuleForm } from '../rule-form';
import { anAccount, aRule, CHECKING_ID, STARBUCKS_ID } from '../test-fixtures';
import { RuleDialog } from './RuleDialog';

// jsdom has no scrollIntoView; Mantine's Select calls it on the option it highlights.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => vi.unstubAllGlobals());

const ACCOUNTS = 'GET /api/plaid/accounts';

function renderDialog(props: Partial<Parameters<typeof RuleDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderWithProviders(<RuleDialog opened onClose={onClose} onCreated={onCreated} rule={null} {...props} />);
  return { onClose, onCreated, dialog: within(screen.getByRole('dialog')) };
}

type Dialog = ReturnType<typeof renderDialog>['dialog'];
const type = (dialog: Dialog, name: RegExp, value: string) =>
  fireEvent.change(dialog.getByRole('textbox', { name }), { target: { value } });
const submit = (dialog: Dialog, name = 'Create rule') =>
  fireEvent.click(dialog.getByRole('button', { name }));
/** The message shown under a field (Mantine links it as the field's description). */
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.className.includes('error'))?.textContent ?? null;
/** A sentence's text, as one string. */
const readsAs = (dialog: Dialog) => dialog.getByText('This rule reads').nextElementSibling?.textContent;

describe('RuleDialog', () => {
  it('shows each rule of the form at its field, and sends nothing', async () => {
    const api = fakeApi({ [ACCOUNTS]: { body: [anAccount()] } });
    const { dialog } = renderDialog();
    submit(dialog);
    const pattern = dialog.getByRole('textbox', { name: /Text to match/ });
    await waitFor(() => expect(errorOf(pattern)).toBe('Enter the text to match'));
    expect(errorOf(dialog.getByRole('combobox', { name: 'Set category' }))).toBe(
      'Choose a category to set or a merchant name',
    );

    type(dialog, /Text to match/, 'starbucks');
    type(dialog, /Minimum amount/, '20');
    type(dialog, /Maximum amount/, '5');
    // The category rule is met by a merchant name instead, and the message goes at once.
    type(dialog, /Rename merchant to/, 'Starbucks');
    await waitFor(() =>
      expect(errorOf(dialog.getByRole('textbox', { name: /Minimum amount/ }))).toBe(
        'Minimum amount cannot be more than maximum amount',
      ),
    );
    expect(errorOf(pattern)).toBeNull();
    expect(errorOf(dialog.getByRole('combobox', { name: 'Set category' }))).toBeNull();
    expect(api.requests.filter((r) => r.route !== ACCOUNTS)).toEqual([]);
  });

  it('reads the rule as a sentence while it is written', async () => {
    fakeApi({ [ACCOUNTS]: { body: [anAccount()] } });
    const { dialog } = renderDialog();
    expect(readsAs(dialog)).toBe('When description or merchant contains "…" → nothing yet');
    type(dialog, /Text to match/, 'starbucks');
    type(dialog, /Minimum amount/, '5');
    type(dialog, /Maximum amount/, '20');
    type(dialog, /Rename merchant to/, 'Starbucks');
    fireEvent.click(dialog.getByRole('combobox', { name: 'Set category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dining Out' }));
    fireEvent.click(dialog.getByRole('combobox', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Everyday Checking · Harbor National Bank' }));
    expect(readsAs(dialog)).toBe(
      'When description or merchant contains "starbucks" and the amount is between $5.00 and $20.00 in Everyday Checking → set category Dining Out, rename merchant to Starbucks',
    );
  });

  it('creates the rule and hands it on', async () => {
    const created = aRule({ minAmount: 5 });
    const api = fakeApi({
      [ACCOUNTS]: { body: [anAccount()] },
      'POST /api/rules': { status: 201, body: created },
    });
    const { dialog, onCreated } = renderDialog({
      prefill: { ...emptyRuleForm(), pattern: 'Starbucks', setCategory: '21' },
    });
    expect(
      dialog.getByText('From the category you just chose. Check the rule, then create it.'),
    ).toBeTruthy();
    expect((dialog.getByRole('textbox', { name: /Text to match/ }) as HTMLInputElement).value).toBe(
      'Starbucks',
    );
    expect((dialog.getByRole('combobox', { name: 'Set category' }) as HTMLInputElement).value).toBe(
      'Dining Out',
    );
    type(dialog, /Minimum amount/, '5');
    submit(dialog);
    // Handed on as the client read it: in cents.
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(ruleSchema.parse(created)));
    expect(api.requests.find((r) => r.route === 'POST /api/rules')?.body).toEqual({
      field: 'either',
      operator: 'contains',
      pattern: 'Starbucks',
      minAmount: 5,
      maxAmount: null,
      accountId: null,
      setCategory: 21,
      renameMerchant: null,
    });
  });

  it("shows the server's refusal at its field and in a toast", async () => {
    fakeApi({
      [ACCOUNTS]: { body: [anAccount()] },
      [`PUT /api/rules/${STARBUCKS_ID}`]: {
        status: 404,
        body: { message: 'Account not found', code: 'NOT_FOUND' },
      },
    });
    const { dialog, onClose } = renderDialog({
      rule: ruleSchema.parse(aRule({ accountId: CHECKING_ID, accountName: 'Everyday Checking' })),
    });
    expect(screen.getByRole('dialog', { name: 'Edit rule' })).toBeTruthy();
    submit(dialog, 'Save changes');
    await waitFor(() =>
      expect(errorOf(dialog.getByRole('combobox', { name: 'Account' }))).toBe('Account not found'),
    );
    expect(await screen.findByText('Error saving rule')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps an account that is no longer connected choosable when editing', async () => {
    fakeApi({ [ACCOUNTS]: { body: [anAccount()] } });
    const { dialog } = renderDialog({
      rule: ruleSchema.parse(aRule({ accountId: '7a1e3c52-1b2d-4c3e-8f40-000000000999', accountName: null })),
    });
    await waitFor(() =>
      expect((dialog.getByRole('combobox', { name: 'Account' }) as HTMLInputElement).value).toBe(
        'An account no longer connected',
      ),
    );
    expect(readsAs(dialog)).toBe(
      'When description or merchant contains "starbucks" in an account that is no longer connected → set category Dining Out',
    );
  });
});
