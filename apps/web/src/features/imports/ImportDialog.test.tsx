import type {
  Account,
  CsvMapping,
  ImportPreview,
  ImportPreviewRow,
  ImportResult,
  QifDayOrder,
} from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { fakeXhr } from '../../test-xhr';
import { ImportDialog } from './ImportDialog';
import { aCsvMapping, anImportPreview } from './test-fixtures';

// jsdom has no layout; Mantine's combobox scrolls the selected option into view.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => vi.unstubAllGlobals());

const CASH_ID = '6a0c1c55-3d6b-4b7e-9d55-000000000001';
const BANK_ID = '6a0c1c55-3d6b-4b7e-9d55-000000000002';

const anAccount = (patch: Partial<Account>): Account => ({
  id: CASH_ID,
  connectionId: 'm1',
  institutionName: 'Manual accounts',
  name: 'Cash wallet',
  officialName: null,
  mask: null,
  type: 0,
  subtype: 'checking',
  currentBalance: 100,
  availableBalance: null,
  isActive: true,
  isManual: true,
  openingBalance: 100,
  ...patch,
});

const ACCOUNTS = [
  anAccount({}),
  anAccount({
    id: BANK_ID,
    connectionId: 'c1',
    institutionName: 'Harbor National Bank',
    name: 'Everyday Checking',
    isManual: false,
    openingBalance: null,
  }),
];

const aRow = (patch: Partial<ImportPreviewRow>): ImportPreviewRow => ({
  line: 2,
  status: 'new',
  date: '2024-01-03',
  description: 'Bakery Müller',
  merchantName: null,
  amount: -4.5,
  category: 21,
  categoryName: 'Dining Out',
  note: null,
  error: null,
  ...patch,
});

const CSV_MAPPING = aCsvMapping();

const aPreview = (patch: Partial<ImportPreview> = {}): ImportPreview =>
  anImportPreview({
    rows: [
      aRow({ line: 1 }),
      aRow({ line: 2, description: 'Salary ACME', amount: 2500, category: 1, categoryName: 'Salary' }),
      aRow({ line: 3, status: 'duplicate', description: 'Rent', amount: -900, category: 10 }),
    ],
    ...patch,
  });

const CSV_PREVIEW = aPreview({
  format: 'csv',
  columns: ['Buchungstag', 'Verwendungszweck', 'Soll', 'Haben'],
  sampleRows: [['03.01.2024', 'Bakery Müller', '4,50', '']],
  mapping: CSV_MAPPING,
  needsMapping: true,
  rows: [aRow({ status: 'invalid', date: null, amount: null, error: 'amount "4,50" is not a number' })],
  counts: { total: 1, new: 0, duplicate: 0, matched: 0, invalid: 1 },
  invalidRows: [{ line: 2, reason: 'amount "4,50" is not a number' }],
});

const RESULT: ImportResult = {
  format: 'ofx',
  imported: 2,
  duplicates: 1,
  matched: 0,
  skippedInvalid: 0,
  fromDate: '2024-01-03',
  toDate: '2024-01-31',
};

function renderDialog(props: Partial<Parameters<typeof ImportDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithProviders(<ImportDialog opened onClose={onClose} accounts={ACCOUNTS} {...props} />);
  return { onClose, dialog: within(screen.getByRole('dialog')) };
}

type Dialog = ReturnType<typeof renderDialog>['dialog'];

function chooseFile(content: string | Uint8Array<ArrayBuffer>, name = 'statement.ofx') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File([content], name)] } });
}

async function pick(dialog: Dialog, label: string | RegExp, option: string) {
  fireEvent.click(dialog.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const OFX = 'OFXHEADER:100\nDATA:OFXSGML\n<OFX>…</OFX>';

// Each journey through the dialog renders a few steps of Mantine in jsdom: give them time.
describe('ImportDialog', { timeout: 30_000 }, () => {
  it('previews the file into the chosen account, imports it with its progress and sums up', async () => {
    const api = fakeApi({
      'POST /api/imports/preview': { body: aPreview() },
      'POST /api/imports': { status: 201, body: RESULT },
    });
    const xhr = fakeXhr();
    const { dialog } = renderDialog();

    const preview = dialog.getByRole('button', { name: 'Preview' });
    expect(preview.hasAttribute('disabled')).toBe(true);
    chooseFile(OFX);
    expect(await dialog.findByText('statement.ofx')).toBeTruthy();
    await pick(dialog, 'Import into', 'Cash wallet');
    fireEvent.click(preview);

    expect(await screen.findByRole('dialog', { name: 'Check the import' })).toBeTruthy();
    expect(api.requests[0]).toEqual({
      route: 'POST /api/imports/preview',
      body: { accountId: CASH_ID, content: OFX, fileName: 'statement.ofx', skipInvalid: false },
    });
    expect(dialog.getByText('OFX')).toBeTruthy();
    expect(dialog.getByText('New: 2')).toBeTruthy();
    expect(dialog.getByText('Duplicates: 1')).toBeTruthy();
    expect(dialog.getByText('Already in Tally: 0')).toBeTruthy();
    expect(dialog.getByText('Invalid: 0')).toBeTruthy();
    const table = within(dialog.getByRole('table'));
    expect(table.getByText('Salary ACME')).toBeTruthy();
    expect(table.getByText('+$2,500.00')).toBeTruthy();
    expect(table.getByText('-$4.50')).toBeTruthy();
    expect(table.getByText('Duplicate')).toBeTruthy();
    // Not CSV: there is no mapping to change.
    expect(dialog.queryByRole('button', { name: 'Change mapping' })).toBeNull();

    xhr.holdAfterUpload();
    fireEvent.click(dialog.getByRole('button', { name: 'Import 2 transactions' }));
    expect(await dialog.findByText(/Saving… Tally is adding the transactions to Cash wallet/)).toBeTruthy();
    expect(dialog.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    xhr.release();

    expect(await dialog.findByText('2 transactions imported, 1 duplicate skipped.')).toBeTruthy();
    expect(dialog.getByText('From Jan 3, 2024 to Jan 31, 2024, in Cash wallet')).toBeTruthy();
    expect(await screen.findByText('Import complete')).toBeTruthy();
    expect(api.requests[1]).toEqual({
      route: 'POST /api/imports',
      body: { accountId: CASH_ID, content: OFX, fileName: 'statement.ofx', skipInvalid: false },
    });
  });

  it('asks for the columns when a CSV is unclear, previews each change and imports with the mapping it showed', async () => {
    const api = fakeApi({
      'POST /api/imports/preview': ({ body }) => {
        const mapping = (body as { mapping?: CsvMapping }).mapping;
        if (!mapping) return { body: CSV_PREVIEW };
        return {
          body: aPreview({
            ...CSV_PREVIEW,
            mapping,
            needsMapping: false,
            rows: [aRow({})],
            counts: { total: 1, new: 1, duplicate: 0, matched: 0, invalid: 0 },
            invalidRows: [],
          }),
        };
      },
      'POST /api/imports': { status: 201, body: { ...RESULT, format: 'csv', imported: 1, duplicates: 0 } },
    });
    fakeXhr();
    const { dialog } = renderDialog({ accountId: CASH_ID });
    const csv = 'Buchungstag;Verwendungszweck;Soll;Haben\n03.01.2024;Bakery Müller;4,50;\n';
    chooseFile(csv, 'konto.csv');
    await dialog.findByText('konto.csv');
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByRole('dialog', { name: 'Match the columns' })).toBeTruthy();
    expect(dialog.getByText(/could not tell for sure which column is which/)).toBeTruthy();
    expect(dialog.getByText('Line 2:')).toBeTruthy();
    // The raw first rows, to see which column is which.
    expect(
      within(dialog.getByRole('table', { name: "The file's first rows" })).getByText('4,50'),
    ).toBeTruthy();

    await pick(dialog, 'Decimal separator', 'Comma: 1.234,56');
    fireEvent.click(dialog.getByRole('radio', { name: 'Debit and credit' }));
    expect((dialog.getByRole('combobox', { name: 'Debit (money out)' }) as HTMLInputElement).value).toBe(
      'Soll (4,50)',
    );
    expect((dialog.getByRole('combobox', { name: 'Credit (money in)' }) as HTMLInputElement).value).toBe(
      'Haben',
    );

    // One preview for the pause after both changes, with the mapping as it stands.
    await waitFor(() => expect(api.count('POST /api/imports/preview')).toBe(2));
    const asked = { ...CSV_MAPPING, decimalSeparator: ',', amount: null, debit: 2, credit: 3 };
    expect(api.requests[1]?.body).toMatchObject({ mapping: asked });
    await waitFor(() => expect(dialog.getByText('New: 1')).toBeTruthy());

    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Check the import' })).toBeTruthy();
    expect(dialog.getByText('CSV')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Import 1 transaction' }));
    expect(await dialog.findByText('1 transaction imported, 0 duplicates skipped.')).toBeTruthy();
    expect(api.requests.at(-1)).toMatchObject({ route: 'POST /api/imports', body: { mapping: asked } });
  });

  it('offers Change mapping for every CSV and says when the mapping was remembered', async () => {
    fakeApi({
      'POST /api/imports/preview': {
        body: aPreview({
          format: 'csv',
          mapping: CSV_MAPPING,
          mappingRemembered: true,
          columns: ['A', 'B', 'C'],
        }),
      },
    });
    fakeXhr();
    const { dialog } = renderDialog({ accountId: CASH_ID });
    chooseFile('a;b;c\n', 'konto.csv');
    await dialog.findByText('konto.csv');
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));

    expect(await dialog.findByText('Mapping remembered from your last import')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Change mapping' }));
    expect(await screen.findByRole('dialog', { name: 'Match the columns' })).toBeTruthy();
    expect((dialog.getByRole('combobox', { name: 'Date format' }) as HTMLInputElement).value).toBe(
      'DD.MM.YYYY (31.01.2024)',
    );
  });

  it('keeps Import off while rows cannot be read, until the person skips them', async () => {
    const api = fakeApi({
      'POST /api/imports/preview': {
        body: aPreview({
          rows: [aRow({}), aRow({ line: 4, status: 'invalid', date: null, amount: null, error: 'no date' })],
          counts: { total: 2, new: 1, duplicate: 0, matched: 0, invalid: 1 },
          invalidRows: [{ line: 4, reason: 'no date' }],
        }),
      },
      'POST /api/imports': {
        status: 201,
        body: { ...RESULT, imported: 1, duplicates: 0, skippedInvalid: 1 },
      },
    });
    fakeXhr();
    const { dialog } = renderDialog({ accountId: BANK_ID });
    chooseFile(OFX);
    await dialog.findByText('statement.ofx');
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));

    const importButton = await dialog.findByRole('button', { name: 'Import 1 transaction' });
    expect(importButton.hasAttribute('disabled')).toBe(true);
    expect(
      dialog.getByText(
        "1 row cannot be read. Tick 'Skip invalid rows' to import the others, or fix the file.",
      ),
    ).toBeTruthy();
    expect(dialog.getByText('1 row cannot be read')).toBeTruthy();
    expect(dialog.getByText('Line 4: no date')).toBeTruthy();

    fireEvent.click(dialog.getByRole('checkbox', { name: /Skip invalid rows/ }));
    expect(importButton.hasAttribute('disabled')).toBe(false);
    fireEvent.click(importButton);
    expect(
      await dialog.findByText('1 transaction imported, 0 duplicates skipped, 1 invalid row left out.'),
    ).toBeTruthy();
    expect(api.requests.at(-1)?.body).toMatchObject({ accountId: BANK_ID, skipInvalid: true });
  });

  it("shows the server's refusal of a row and stays on the preview", async () => {
    fakeApi({
      'POST /api/imports/preview': { body: aPreview() },
      'POST /api/imports': {
        status: 400,
        body: {
          message: 'Line 12: date "31/13/2024" is not a valid DD/MM/YYYY date',
          code: 'IMPORT_INVALID_ROW',
          details: [
            { path: 'line 12', message: 'date "31/13/2024" is not a valid DD/MM/YYYY date' },
            { path: 'line 14', message: 'no amount' },
          ],
        },
      },
    });
    fakeXhr();
    const { dialog } = renderDialog({ accountId: CASH_ID });
    chooseFile(OFX);
    await dialog.findByText('statement.ofx');
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Import 2 transactions' }));

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('Nothing was imported');
    expect(alert.textContent).toContain(
      'Line 12: date "31/13/2024" is not a valid DD/MM/YYYY date (and 1 more row)',
    );
    expect(screen.getByRole('dialog', { name: 'Check the import' })).toBeTruthy();
  });

  it('says there is nothing new in a file imported before', async () => {
    fakeApi({
      'POST /api/imports/preview': {
        body: aPreview({
          rows: [aRow({ line: 1, status: 'duplicate' }), aRow({ line: 2, status: 'duplicate' })],
          counts: { total: 2, new: 0, duplicate: 2, matched: 0, invalid: 0 },
        }),
      },
    });
    fakeXhr();
    const { dialog } = renderDialog({ accountId: CASH_ID });
    chooseFile(OFX);
    await dialog.findByText('statement.ofx');
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));

    expect(await dialog.findByText('No new transactions')).toBeTruthy();
    expect(dialog.getByText(/Every row is already in Tally: 2 duplicates/)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Import 0 transactions' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows why a file cannot be read, in the server's words", async () => {
    fakeApi({
      'POST /api/imports/preview': {
        status: 400,
        body: { message: 'The OFX file has no transactions', code: 'IMPORT_UNREADABLE' },
      },
    });
    fakeXhr();
    const { dialog } = renderDialog({ accountId: CASH_ID });
    chooseFile(OFX);
    await dialog.findByText('statement.ofx');
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The OFX file has no transactions');
  });

  it('takes a file dropped on the drop area', async () => {
    fakeApi({});
    fakeXhr();
    const { dialog } = renderDialog({ accountId: CASH_ID });
    const area = dialog.getByRole('region', { name: 'Statement file' });
    const file = new File([OFX], 'dropped.ofx');
    fireEvent.dragOver(area, { dataTransfer: { files: [file], dropEffect: 'none' } });
    expect(area.hasAttribute('data-active')).toBe(true);
    fireEvent.drop(area, { dataTransfer: { files: [file] } });
    expect(await dialog.findByText('dropped.ofx')).toBeTruthy();
    expect(area.hasAttribute('data-active')).toBe(false);
    expect(dialog.getByRole('button', { name: 'Preview' }).hasAttribute('disabled')).toBe(false);
  });

  it('reads a file that is not UTF-8 as Windows-1252', async () => {
    const api = fakeApi({ 'POST /api/imports/preview': { body: aPreview() } });
    fakeXhr();
    const { dialog } = renderDialog({ accountId: CASH_ID });
    // 'Bäckerei;-4,50' with ä as the single byte 0xE4.
    chooseFile(new Uint8Array([0x42, 0xe4, 0x63, 0x6b, 0x65, 0x72, 0x65, 0x69, 0x3b, 0x2d, 0x34]), 'alt.csv');
    await dialog.findByText('alt.csv');
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.body).toMatchObject({ content: 'Bäckerei;-4' });
  });

  it('makes a manual account on the spot and imports into it', async () => {
    const made = anAccount({
      id: '6a0c1c55-3d6b-4b7e-9d55-000000000003',
      name: 'Credit union',
      openingBalance: 0,
    });
    const api = fakeApi({
      'POST /api/accounts/manual': { status: 201, body: made },
      'POST /api/imports/preview': { body: aPreview() },
    });
    fakeXhr();
    const { dialog } = renderDialog({ accounts: [] });
    expect(dialog.getByText(/Create a manual account for them/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Create a manual account' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Account name/ }), {
      target: { value: 'Credit union' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Account' }));

    await waitFor(() =>
      expect((dialog.getByRole('combobox', { name: 'Import into' }) as HTMLInputElement).value).toBe(
        'Credit union',
      ),
    );
    expect(api.requests[0]?.body).toEqual({
      name: 'Credit union',
      type: 0,
      subtype: 'checking',
      openingBalance: 0,
    });
    chooseFile(OFX);
    await dialog.findByText('statement.ofx');
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(api.count('POST /api/imports/preview')).toBe(1));
    expect(api.requests.at(-1)?.body).toMatchObject({ accountId: made.id });
  });

  describe('the dates of a QIF', () => {
    const QIF = "!Type:Bank\nD03/04'26\nT-4.50\nPBakery\n^\n";
    /** The server's preview of the file read in an order: 03/04 is March 4th month first, April 3rd day first. */
    const qifPreview = (dayOrder: QifDayOrder, patch: Partial<ImportPreview> = {}) =>
      aPreview({
        format: 'qif',
        dayOrder,
        rows: [aRow({ line: 2, date: dayOrder === 'MDY' ? '2026-03-04' : '2026-04-03' })],
        counts: { total: 1, new: 1, duplicate: 0, matched: 0, invalid: 0 },
        ...patch,
      });

    async function previewQif(dialog: Dialog) {
      chooseFile(QIF, 'export.qif');
      await dialog.findByText('export.qif');
      fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
      expect(await screen.findByRole('dialog', { name: 'Check the import' })).toBeTruthy();
    }

    it('asks whether the month or the day comes first when the file cannot show it, and imports with the answer', async () => {
      const api = fakeApi({
        'POST /api/imports/preview': ({ body }) => {
          const chosen = (body as { qifDayOrder?: QifDayOrder }).qifDayOrder;
          return {
            body: qifPreview(chosen ?? 'MDY', {
              dayOrderSource: chosen ? 'chosen' : 'default',
              needsDayOrder: true,
            }),
          };
        },
        'POST /api/imports': { status: 201, body: { ...RESULT, format: 'qif', imported: 1, duplicates: 0 } },
      });
      fakeXhr();
      const { dialog } = renderDialog({ accountId: CASH_ID });
      await previewQif(dialog);

      const question = dialog.getByRole('group', { name: 'Dates in this file' });
      expect(question.getAttribute('aria-describedby')).toBeTruthy();
      expect(within(question).getByText(/could be March 4 or April 3/)).toBeTruthy();
      const monthFirst = within(question).getByRole('radio', { name: 'Month first (MM/DD)' });
      const dayFirst = within(question).getByRole('radio', { name: 'Day first (DD/MM)' });
      expect((monthFirst as HTMLInputElement).checked).toBe(true);
      expect(within(dialog.getByRole('table')).getByText('Mar 4, 2026')).toBeTruthy();
      expect(api.requests[0]?.body).not.toHaveProperty('qifDayOrder');

      // Choosing previews again in that order.
      fireEvent.click(dayFirst);
      await waitFor(() => expect(api.count('POST /api/imports/preview')).toBe(2));
      expect(api.requests[1]?.body).toMatchObject({ content: QIF, qifDayOrder: 'DMY' });
      expect(await within(dialog.getByRole('table')).findByText('Apr 3, 2026')).toBeTruthy();
      expect((dayFirst as HTMLInputElement).checked).toBe(true);

      fireEvent.click(dialog.getByRole('button', { name: 'Import 1 transaction' }));
      expect(await dialog.findByText('1 transaction imported, 0 duplicates skipped.')).toBeTruthy();
      expect(api.requests.at(-1)).toMatchObject({ route: 'POST /api/imports', body: { qifDayOrder: 'DMY' } });
    });

    it('sends the order shown when the person left it as it was', async () => {
      const api = fakeApi({
        'POST /api/imports/preview': {
          body: qifPreview('MDY', { dayOrderSource: 'default', needsDayOrder: true }),
        },
        'POST /api/imports': { status: 201, body: { ...RESULT, format: 'qif', imported: 1, duplicates: 0 } },
      });
      fakeXhr();
      const { dialog } = renderDialog({ accountId: CASH_ID });
      await previewQif(dialog);
      fireEvent.click(dialog.getByRole('button', { name: 'Import 1 transaction' }));
      await dialog.findByText('1 transaction imported, 0 duplicates skipped.');
      expect(api.requests.at(-1)?.body).toMatchObject({ qifDayOrder: 'MDY' });
    });

    it('does not ask when the order is remembered, says it in small text and can still change it', async () => {
      const api = fakeApi({
        'POST /api/imports/preview': ({ body }) => {
          const chosen = (body as { qifDayOrder?: QifDayOrder }).qifDayOrder;
          return { body: qifPreview(chosen ?? 'DMY', { dayOrderSource: chosen ? 'chosen' : 'remembered' }) };
        },
        'POST /api/imports': { status: 201, body: { ...RESULT, format: 'qif', imported: 1, duplicates: 0 } },
      });
      fakeXhr();
      const { dialog } = renderDialog({ accountId: CASH_ID });
      await previewQif(dialog);

      expect(dialog.queryByRole('group', { name: 'Dates in this file' })).toBeNull();
      expect(
        dialog.getByText('Dates read day first (DD/MM), as in your last import into this account'),
      ).toBeTruthy();
      fireEvent.click(dialog.getByRole('button', { name: 'Import 1 transaction' }));
      await dialog.findByText('1 transaction imported, 0 duplicates skipped.');
      // The server reads it as it remembers: nothing to send.
      expect(api.requests.at(-1)?.route).toBe('POST /api/imports');
      expect(api.requests.at(-1)?.body).not.toHaveProperty('qifDayOrder');

      fireEvent.click(dialog.getByRole('button', { name: 'Import another file' }));
      await previewQif(dialog);
      fireEvent.click(dialog.getByRole('button', { name: 'Change how dates are read' }));
      const question = dialog.getByRole('group', { name: 'Dates in this file' });
      fireEvent.click(within(question).getByRole('radio', { name: 'Month first (MM/DD)' }));
      await waitFor(() => expect(api.requests.at(-1)?.body).toMatchObject({ qifDayOrder: 'MDY' }));
      expect(await within(dialog.getByRole('table')).findByText('Mar 4, 2026')).toBeTruthy();
      // Still asked while choosing.
      expect(dialog.getByRole('group', { name: 'Dates in this file' })).toBeTruthy();
      fireEvent.click(dialog.getByRole('button', { name: 'Import 1 transaction' }));
      await dialog.findByText('1 transaction imported, 0 duplicates skipped.');
      expect(api.requests.at(-1)).toMatchObject({ route: 'POST /api/imports', body: { qifDayOrder: 'MDY' } });
    });

    it('says the order the file’s dates show, without a question', async () => {
      fakeApi({ 'POST /api/imports/preview': { body: qifPreview('DMY', { dayOrderSource: 'file' }) } });
      fakeXhr();
      const { dialog } = renderDialog({ accountId: CASH_ID });
      await previewQif(dialog);
      expect(dialog.getByText('Dates read day first (DD/MM), as the file’s dates show')).toBeTruthy();
      expect(dialog.queryByRole('group', { name: 'Dates in this file' })).toBeNull();
      expect(dialog.queryByRole('button', { name: 'Change how dates are read' })).toBeNull();
    });
  });
});
