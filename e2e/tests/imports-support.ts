import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './support';

/** The statement files the import journeys upload (e2e/fixtures). */
export const FIXTURES = {
  /** A German current account's CSV: semicolons, 1.234,56 amounts, debit and credit columns, days that
   * read as MM/DD as well as DD/MM (all of them the 12th or before), so the columns need confirming. */
  girokonto: path.resolve(import.meta.dirname, '../fixtures/girokonto-2024-01.csv'),
  /** An OFX 1.02 (SGML) statement for 1–15 February 2024: four transactions. */
  ofxFirstHalf: path.resolve(import.meta.dirname, '../fixtures/checking-2024-02-01-to-15.ofx'),
  /** The next statement, 9–29 February: two of its five transactions were in the first one. */
  ofxOverlapping: path.resolve(import.meta.dirname, '../fixtures/checking-2024-02-09-to-29.ofx'),
};

/** A call to the API with the page's session, as the screens make it; answers the status and the JSON. */
export async function callApi(page: Page, method: string, url: string, body?: object) {
  return page.evaluate(
    async ([m, to, json]) => {
      const res = await fetch(to, {
        method: m,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('authToken')}`,
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    },
    [method, url, body] as const,
  );
}

/** A manual account made as its dialog makes it; answers its id. */
export async function createManualAccount(page: Page, body: object): Promise<string> {
  const { status, json } = await callApi(page, 'POST', '/api/accounts/manual', body);
  expect(status).toBe(201);
  return json.id as string;
}

/** A transaction typed into a manual account, as its dialog sends it. */
export async function addManualTransaction(page: Page, body: object) {
  const { status } = await callApi(page, 'POST', '/api/transactions/manual', body);
  expect(status).toBe(201);
}

/** The Accounts screen's row of one manual account. */
export const manualRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Manual accounts' }).getByRole('listitem').filter({ hasText: name });

/** Chooses a Mantine select's option by the option's name. */
export async function choose(page: Page, within: Locator, label: string, option: string | RegExp) {
  await within.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * The mapping step for the Girokonto CSV: days are DD/MM (the file alone cannot tell), amounts use a
 * decimal comma, Belastung is money out and Gutschrift money in.
 */
export async function mapGirokonto(page: Page, dialog: Locator) {
  await choose(page, dialog, 'Date format', 'DD/MM/YYYY (31/01/2024)');
  await choose(page, dialog, 'Decimal separator', 'Comma: 1.234,56');
  await dialog.getByText('Debit and credit', { exact: true }).click();
  await choose(page, dialog, 'Debit (money out)', /^Belastung/);
  await choose(page, dialog, 'Credit (money in)', /^Gutschrift/);
}
