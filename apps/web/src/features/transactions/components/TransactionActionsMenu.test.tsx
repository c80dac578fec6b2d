import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-utils';
import { aTransaction } from '../test-fixtures';
import { TransactionActionsMenu } from './TransactionActionsMenu';

describe('TransactionActionsMenu', () => {
  it('sets a row’s menu up only when its button is first pressed, and opens it at once', async () => {
    const onAction = vi.fn();
    renderWithProviders(
      <ul>
        {['t1', 't2', 't3'].map((id) => (
          <li key={id}>
            <TransactionActionsMenu transaction={aTransaction({ id })} onAction={onAction} />
          </li>
        ))}
      </ul>,
    );
    const buttons = screen.getAllByRole('button', { name: 'Transaction actions' });
    // Announced as opening a menu, but no row has one yet: a menu's button says whether it is expanded.
    for (const button of buttons) {
      expect(button.getAttribute('aria-haspopup')).toBe('menu');
      expect(button.hasAttribute('aria-expanded')).toBe(false);
    }

    fireEvent.click(buttons[1]!);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit Category', 'Add Note', 'Delete']);
    const [first, second, third] = screen.getAllByRole('button', { name: 'Transaction actions' });
    expect(second?.getAttribute('aria-expanded')).toBe('true');
    expect(first?.hasAttribute('aria-expanded')).toBe(false);
    expect(third?.hasAttribute('aria-expanded')).toBe(false);

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Edit Category' }));
    expect(onAction).toHaveBeenCalledWith('category', expect.objectContaining({ id: 't2' }));
  });
});
