import type { CsvMapping } from '@tally/shared';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { MappingForm } from './MappingForm';
import { aCsvMapping } from './test-fixtures';

Element.prototype.scrollIntoView ??= () => {};

// An American bank's file: commas between the columns, the month first.
const MAPPING = aCsvMapping({ delimiter: ',', dateFormat: 'MM/DD/YYYY' });
const COLUMNS = ['Date', 'Payee', 'Withdrawal', 'Deposit', 'Memo'];
const SAMPLE = [['01/03/2024', 'Coffee', '4.50', '', 'office']];

/** The form as the dialog holds it: each change is kept, and handed to `seen`. */
function renderForm(start: CsvMapping = MAPPING) {
  const seen = vi.fn();
  function Holder() {
    const [mapping, setMapping] = useState(start);
    return (
      <MappingForm
        mapping={mapping}
        columns={COLUMNS}
        sampleRows={SAMPLE}
        onChange={(next) => {
          seen(next);
          setMapping(next);
        }}
      />
    );
  }
  renderWithProviders(<Holder />);
  return { seen, last: (): CsvMapping => seen.mock.calls.at(-1)?.[0] };
}

const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;

describe('MappingForm', { timeout: 20_000 }, () => {
  it('names each column with its first value', () => {
    renderForm();
    expect(combobox('Date').value).toBe('Date (01/03/2024)');
    expect(combobox('Amount').value).toBe('Withdrawal (4.50)');
  });

  it('switches to debit and credit columns and back, carrying the chosen column', () => {
    const { last } = renderForm();
    fireEvent.click(screen.getByRole('switch', { name: /^Amounts are positive for spending/ }));
    expect(last()).toMatchObject({ amount: 2, negateAmount: true });

    fireEvent.click(screen.getByRole('radio', { name: 'Debit and credit' }));
    expect(last()).toMatchObject({ amount: null, debit: 2, credit: 3, negateAmount: false });
    expect(combobox('Debit (money out)').value).toBe('Withdrawal (4.50)');
    expect(combobox('Credit (money in)').value).toBe('Deposit');
    expect(combobox('Category').value).toBe('None');
    expect(screen.queryByRole('switch', { name: /^Amounts are positive for spending/ })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'One amount column' }));
    expect(last()).toMatchObject({ amount: 2, debit: null, credit: null });
  });

  it('says what is wrong when no amount column is left', async () => {
    renderForm({ ...MAPPING, amount: null, debit: 2, credit: null });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(combobox('Debit (money out)'));
    fireEvent.click(await screen.findByRole('option', { name: 'None' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose the amount column, or the debit and credit columns',
    );
  });

  it('sets the optional columns, the formats and the header row', async () => {
    const { last } = renderForm();
    fireEvent.click(combobox('Notes'));
    fireEvent.click(await screen.findByRole('option', { name: 'Memo (office)' }));
    expect(last()).toMatchObject({ notes: 4 });

    fireEvent.click(combobox('Date format'));
    fireEvent.click(await screen.findByRole('option', { name: 'DD/MM/YYYY (31/01/2024)' }));
    expect(last()).toMatchObject({ dateFormat: 'DD/MM/YYYY' });

    fireEvent.click(combobox('Separator'));
    fireEvent.click(await screen.findByRole('option', { name: 'Semicolon ( ; )' }));
    expect(last()).toMatchObject({ delimiter: ';' });

    fireEvent.click(screen.getByRole('switch', { name: 'The first row holds column names' }));
    expect(last()).toMatchObject({ hasHeader: false });
  });
});
