import { CATEGORY, TAX_DISCLAIMER, type TaxYear, upgradeMessage } from '@tally/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { TaxPage } from './TaxPage';

const tx = {
  date: '2026-03-02',
  merchantName: null,
  accountName: 'Checking',
  category: CATEGORY.Healthcare,
  categoryName: 'Healthcare',
};

// Amounts on the wire are dollars.
const report: TaxYear = {
  year: 2026,
  years: [2026, 2025],
  categoryTags: [{ category: CATEGORY.Healthcare, tag: 'medical' }],
  tags: [
    {
      tag: 'medical',
      name: 'Medical',
      total: 45.2,
      count: 1,
      transactions: [{ ...tx, id: 't1', description: 'CVS Pharmacy', amount: 45.2, taggedBy: 'category' }],
    },
  ],
  total: 45.2,
  suggestions: [
    {
      ...tx,
      id: 't2',
      date: '2026-05-01',
      description: 'Red Cross donation',
      category: CATEGORY.Gifts,
      categoryName: 'Gifts & Donations',
      amount: 100,
      suggestedTag: 'charitable',
      reason: '"donation" in the merchant or description',
    },
  ],
  notDeductible: [],
  disclaimer: TAX_DISCLAIMER,
};

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <TaxPage />
      </AuthProvider>
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser({ plan: 'premium' })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('TaxPage', () => {
  it("shows the year's totals by tag, the disclaimer, and tags a suggestion in one click", async () => {
    const api = fakeApi({
      'GET /api/tax': { body: report },
      'PUT /api/tax/transactions/t2': { body: { id: 't2', tag: 'charitable' } },
    });
    renderPage();
    expect(await screen.findByText('Tagged in 2026')).toBeTruthy();
    expect(screen.getByText(TAX_DISCLAIMER)).toBeTruthy();
    expect(screen.getAllByText('$45.20').length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: 'Tax tag for Healthcare' })).toHaveProperty(
      'value',
      'Medical',
    );

    const suggestion = within(screen.getByRole('group', { name: 'Red Cross donation on May 1, 2026' }));
    fireEvent.click(suggestion.getByRole('button', { name: 'Tag as Charitable giving' }));
    expect(await screen.findByText('Red Cross donation is tagged Charitable giving.')).toBeTruthy();
    expect(api.requests.find((r) => r.route === 'PUT /api/tax/transactions/t2')?.body).toEqual({
      tag: 'charitable',
    });
    // The report is read again with the new tag.
    expect(api.count('GET /api/tax')).toBeGreaterThanOrEqual(2);
  });

  it('takes a tag off again: its own tag comes off, and what was marked not deductible can be undone', async () => {
    const own = {
      ...report.tags[0]!.transactions[0]!,
      id: 't3',
      description: 'Walgreens',
      taggedBy: 'transaction' as const,
    };
    const api = fakeApi({
      'GET /api/tax': {
        body: {
          ...report,
          tags: [{ ...report.tags[0], count: 2, transactions: [...report.tags[0]!.transactions, own] }],
          notDeductible: [{ ...tx, id: 't4', description: 'Corner shop', amount: 12 }],
        },
      },
      'PUT /api/tax/transactions/t3': { body: { id: 't3', tag: null } },
      'PUT /api/tax/transactions/t4': { body: { id: 't4', tag: null } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Medical/ }));
    expect(
      await screen.findByRole('button', { name: 'Not deductible: CVS Pharmacy on Mar 2, 2026' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Untag: Walgreens on Mar 2, 2026' }));
    fireEvent.click(screen.getByRole('button', { name: /Marked not deductible \(1\)/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo: Corner shop on Mar 2, 2026' }));
    await vi.waitFor(() => expect(api.count('PUT /api/tax/transactions/t4')).toBe(1));
    expect(api.requests.filter((r) => r.route.startsWith('PUT')).map((r) => [r.route, r.body])).toEqual([
      ['PUT /api/tax/transactions/t3', { tag: null }],
      ['PUT /api/tax/transactions/t4', { tag: null }],
    ]);
  });

  it('offers Premium where the plan lacks the tax report', async () => {
    fakeApi({
      'GET /api/tax': { status: 403, body: { message: upgradeMessage('tax-report'), code: 'PLAN_REQUIRED' } },
      'GET /api/billing': {
        body: {
          plan: 'pro',
          planName: 'Pro',
          paidPlan: 'pro',
          onTrial: false,
          trialAvailable: false,
          trialDaysLeft: null,
          trialEndsAt: null,
          provider: 'stripe',
          planCancelsAt: null,
          planPeriodEndsAt: null,
          linkedAccounts: 0,
          accountLimit: null,
        },
      },
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: 'The tax report is a Premium feature' });
    expect(await within(panel).findByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
    expect(within(panel).getByText('$15/month. No cancellation fees.')).toBeTruthy();
  });
});
