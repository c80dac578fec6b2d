import type { Account } from '@tally/shared';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { ManualAccountForm } from './ManualAccountForm';

/** Add a manual account, or edit one (name, subtype, opening balance). */
export function ManualAccountDialog({
  opened,
  onClose,
  account = null,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  /** Edit this account; without it, a new one is added. */
  account?: Account | null;
  onSaved?: (saved: Account) => void;
}) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={pending}
      title={account ? 'Edit manual account' : 'Add manual account'}
      centered
    >
      <ManualAccountForm
        // A new form for each account, so an edit never starts from the previous one's values.
        key={account?.id ?? 'new'}
        account={account}
        onPendingChange={setPending}
        onCancel={onClose}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    </Dialog>
  );
}
