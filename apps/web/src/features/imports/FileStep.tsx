import { Alert, Button, FileButton, Group, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconFileText, IconUpload } from '@tabler/icons-react';
import type { Account } from '@tally/shared';
import { type Dispatch, type DragEvent, useId, useState } from 'react';
import { ManualAccountForm } from '../manual-accounts';
import type { FileState, ImportEvent } from './import-flow';
import classes from './imports.module.css';
import { type ChosenFile, formatFileSize } from './read-file';

const ACCEPT = '.csv,.ofx,.qfx,.qif,.txt,text/csv,text/plain,application/x-ofx';

/** The account select's options, grouped by where the accounts are kept. */
function accountGroups(accounts: readonly Account[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const a of accounts) {
    const group = a.isManual ? 'Manual accounts' : a.institutionName;
    const items = groups.get(group) ?? [];
    items.push({ value: a.id, label: a.name });
    groups.set(group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * Step 1: the file and the account its transactions go to, then Preview; or a manual account made on the
 * spot, for a person with none to take the file (or none that fits).
 */
export function FileStep({
  state,
  accounts,
  dispatch,
  onCancel,
}: {
  state: FileState;
  accounts: readonly Account[];
  dispatch: Dispatch<ImportEvent>;
  onCancel: () => void;
}) {
  if (state.creatingAccount) {
    return (
      <ManualAccountForm
        cancelLabel="Back"
        onPendingChange={(pending) => dispatch({ type: 'accountSaving', pending })}
        onCancel={() => dispatch({ type: 'accountFormClosed' })}
        onSaved={(account) => dispatch({ type: 'accountMade', account })}
      />
    );
  }
  const { file, accountId, reading, previewError } = state;
  return (
    <Stack gap="md">
      <FileFields
        file={file}
        reading={reading !== null}
        fileError={state.fileError}
        onFile={(chosen) => dispatch({ type: 'fileChosen', file: chosen })}
        accounts={accounts}
        accountId={accountId}
        onAccount={(id) => dispatch({ type: 'accountChosen', accountId: id })}
        onCreateAccount={() => dispatch({ type: 'accountFormOpened' })}
      />
      {previewError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {previewError}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          onClick={() => dispatch({ type: 'previewAsked' })}
          disabled={!file || !accountId || reading !== null}
          loading={state.request !== null}
        >
          Preview
        </Button>
      </Group>
    </Stack>
  );
}

/** The file (dropped or chosen) and the account its transactions go to. */
function FileFields({
  file,
  reading,
  fileError,
  onFile,
  accounts,
  accountId,
  onAccount,
  onCreateAccount,
}: {
  file: ChosenFile | null;
  reading: boolean;
  fileError: string | null;
  onFile: (file: File) => void;
  accounts: readonly Account[];
  accountId: string | null;
  onAccount: (accountId: string) => void;
  onCreateAccount: () => void;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    <Stack gap="md">
      <div>
        <Text id={`${id}-file`} fz="sm" fw={500} mb={4}>
          Statement file
        </Text>
        <section
          className={classes.drop}
          data-active={dragging || undefined}
          aria-labelledby={`${id}-file`}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {file ? (
            <Group justify="space-between" gap="sm" wrap="nowrap" ta="left">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                  <IconFileText size={22} stroke={1.6} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} fz="sm" truncate title={file.name}>
                    {file.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatFileSize(file.size)}
                  </Text>
                </div>
              </Group>
              <FileButton onChange={(f) => f && onFile(f)} accept={ACCEPT}>
                {(props) => (
                  <Button variant="default" size="xs" {...props} loading={reading}>
                    Change file
                  </Button>
                )}
              </FileButton>
            </Group>
          ) : (
            <Stack align="center" gap={6}>
              <ThemeIcon variant="light" size={44} radius="xl" aria-hidden>
                <IconUpload size={22} stroke={1.6} />
              </ThemeIcon>
              <Text fw={600} fz="sm">
                Drop a statement here
              </Text>
              <Text fz="xs" c="dimmed">
                CSV, OFX, QFX or QIF, as your bank exports it (up to 20 MB)
              </Text>
              <FileButton onChange={(f) => f && onFile(f)} accept={ACCEPT}>
                {(props) => (
                  <Button
                    variant="default"
                    mt={4}
                    leftSection={<IconUpload size={16} />}
                    {...props}
                    loading={reading}
                  >
                    Choose a file
                  </Button>
                )}
              </FileButton>
            </Stack>
          )}
        </section>
        {fileError && (
          <Alert mt="xs" color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {fileError}
          </Alert>
        )}
      </div>

      <div>
        <Select
          label="Import into"
          placeholder={accounts.length === 0 ? 'No accounts yet' : 'Choose an account'}
          data={accountGroups(accounts)}
          value={accountId}
          onChange={(value) => value && onAccount(value)}
          allowDeselect={false}
          searchable={accounts.length > 8}
          comboboxProps={{ withinPortal: true }}
          description={
            accounts.length === 0
              ? 'Transactions from a file go into one of your accounts. Create a manual account for them.'
              : 'A linked bank account or one you keep by hand'
          }
        />
        <Button variant="subtle" size="compact-sm" mt={4} px={4} onClick={onCreateAccount}>
          Create a manual account
        </Button>
      </div>
    </Stack>
  );
}
