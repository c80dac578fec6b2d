import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { Dialog } from './Dialog';

function renderDialog(pending: boolean) {
  const onClose = vi.fn();
  renderWithProviders(
    <Dialog opened onClose={onClose} pending={pending} title="Add Money">
      <input aria-label="Amount" data-autofocus />
    </Dialog>,
  );
  return onClose;
}

describe('Dialog', () => {
  it('closes on Escape and with its close button', () => {
    const onClose = renderDialog(false);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Amount' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open while its work is under way, so the outcome is not hidden', () => {
    const onClose = renderDialog(true);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Amount' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add Money' })).toBeTruthy();
  });
});
