import { Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { MAX_NOTE_LENGTH, type Transaction } from '@tally/shared';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { toast } from '../../../components/toast';
import { formatDay } from '../../../lib/format';
import { useUpdateTransactionNote } from '../api/update-transaction-note';
import { transactionName } from '../filters';
import classes from '../transactions.module.css';
import { Amount } from './TransactionsList';

export function NoteDialog({
  transaction,
  opened,
  onClose,
}: {
  transaction: Transaction | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const save = useUpdateTransactionNote();
  const hadNote = Boolean(transaction?.note);

  useEffect(() => {
    if (opened) setNote(transaction?.note ?? '');
  }, [opened, transaction]);

  const unchanged = note.trim() === (transaction?.note ?? '');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!transaction || unchanged) return;
    const cleared = note.trim() === '';
    save.mutate(
      { id: transaction.id, note: cleared ? null : note },
      {
        onSuccess: () => {
          toast.success(
            cleared ? 'Note Removed' : 'Note Saved',
            cleared
              ? `The note on "${transactionName(transaction)}" was removed.`
              : `Your note on "${transactionName(transaction)}" is saved.`,
          );
          onClose();
        },
        onError: () => toast.error('Note Not Saved', 'Failed to save the note. Please try again.'),
      },
    );
  };

  return (
    <Dialog
      opened={opened && transaction !== null}
      onClose={onClose}
      pending={save.isPending}
      title={hadNote ? 'Edit Note' : 'Add Note'}
      centered
    >
      {transaction && (
        <form onSubmit={submit}>
          <Stack className={classes.dialog} gap="md">
            <Paper className={classes.soft} p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="md">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} fz="sm" truncate title={transaction.description}>
                    {transactionName(transaction)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {transaction.accountName} · {formatDay(transaction.date)}
                  </Text>
                </div>
                <Amount value={transaction.amount} />
              </Group>
            </Paper>
            <div>
              <Textarea
                label="Note"
                placeholder="e.g. Split with Sam, reimbursed by work"
                autosize
                minRows={3}
                maxRows={8}
                maxLength={MAX_NOTE_LENGTH}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                description={hadNote ? 'Leave it empty to remove the note.' : undefined}
                data-autofocus
              />
              <Text fz="xs" c="dimmed" ta="right" mt={4}>
                {note.length}/{MAX_NOTE_LENGTH}
              </Text>
            </div>
            <FormActions
              submitLabel={hadNote && note.trim() === '' ? 'Remove Note' : 'Save Note'}
              submitDisabled={unchanged}
              onCancel={onClose}
              pending={save.isPending}
            />
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
