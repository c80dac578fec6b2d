import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { Account } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { errorMessage, isAbort } from '../../lib/api';
import { log } from '../../lib/log';
import { refreshMoneyQueries } from '../transactions';
import { importFile, previewImport, refusedRows } from './api/imports';
import { FileStep } from './FileStep';
import { ImportingStep } from './ImportingStep';
import { importFlow, isBusy, previewBody, startingState } from './import-flow';
import { resultSummary } from './import-summary';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { ResultStep } from './ResultStep';
import { readStatementFile, UnreadableFile } from './read-file';

/** How long the mapping may stay still before the preview is asked for again. */
const REPREVIEW_DELAY_MS = 400;

const PREVIEW_FAILED = 'Failed to read the file. Please try again.';
const IMPORT_FAILED = 'Failed to import the file. Please try again.';

const TITLE = {
  mapping: 'Match the columns',
  preview: 'Check the import',
  importing: 'Importing…',
  result: 'Import finished',
} as const;

export type ImportDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The person's active accounts: any of them can take a file. */
  accounts: readonly Account[];
  /** The account chosen at first (the manual card's menu opens with its account). */
  accountId?: string | null;
};

/**
 * Import a bank statement file (CSV, OFX/QFX, QIF): choose the file and the account, match a CSV's columns
 * when they are not clear, see what each row becomes, then import with the upload's progress and a summary.
 * The steps and what moves between them are import-flow.ts; here the file is read and the server asked.
 */
export function ImportDialog({
  opened,
  onClose,
  accounts,
  accountId: initialAccount = null,
}: ImportDialogProps) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const onlyAccount = accounts.length === 1 ? (accounts[0]?.id ?? null) : null;
  const [state, dispatch] = useReducer(importFlow, initialAccount ?? onlyAccount, startingState);
  const made = state.accountsMade.filter((m) => !accounts.some((a) => a.id === m.id));
  const allAccounts = [...accounts, ...made];
  const account = allAccounts.find((a) => a.id === state.accountId) ?? null;
  const busy = isBusy(state);
  const request = 'request' in state ? state.request : null;

  // The accounts may arrive after the dialog opened: a person with one account needs no choice.
  useEffect(() => {
    if (onlyAccount) dispatch({ type: 'onlyAccountKnown', accountId: onlyAccount });
  }, [onlyAccount]);

  const reading = state.step === 'file' ? state.reading : null;
  useEffect(() => {
    if (!reading) return;
    readStatementFile(reading).then(
      (file) => dispatch({ type: 'fileRead', chosen: reading, file }),
      (error: unknown) => {
        const message = error instanceof UnreadableFile ? error.message : 'The file could not be read.';
        dispatch({ type: 'fileUnreadable', chosen: reading, message });
      },
    );
  }, [reading]);

  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    previewImport(previewBody(request), controller.signal).then(
      (preview) => dispatch({ type: 'previewAnswered', request, preview }),
      (error: unknown) => {
        if (isAbort(error)) return;
        log.warn('Previewing an import failed', error);
        dispatch({ type: 'previewFailed', request, message: errorMessage(error, PREVIEW_FAILED) });
      },
    );
    // A newer request, a changed file or account, a closed dialog: this answer is no longer wanted.
    return () => controller.abort();
  }, [request]);

  // Every change of the mapping is previewed again once the person pauses.
  const [settledMapping] = useDebouncedValue(
    state.step === 'mapping' ? state.mapping : null,
    REPREVIEW_DELAY_MS,
  );
  useEffect(() => {
    if (settledMapping) dispatch({ type: 'mappingSettled', mapping: settledMapping });
  }, [settledMapping]);

  const sending = state.step === 'importing' ? state.body : null;
  useEffect(() => {
    if (!sending) return;
    // Not aborted on the way out: the dialog cannot be closed meanwhile, and a stored import is told anyway.
    const send = async () => {
      try {
        const result = await importFile(sending, {
          onUploadProgress: ({ loaded, total }) => dispatch({ type: 'uploadProgressed', loaded, total }),
          onUploaded: () => dispatch({ type: 'uploaded' }),
        });
        dispatch({ type: 'imported', result });
        await refreshMoneyQueries(queryClient);
        toast.success(
          result.imported > 0 ? 'Import complete' : 'No new transactions',
          `${resultSummary(result)}.`,
          { withIcon: true },
        );
      } catch (error) {
        log.warn('Importing a file failed', error);
        const message = errorMessage(error, IMPORT_FAILED);
        dispatch({ type: 'importFailed', error: { message, rows: refusedRows(error) } });
      }
    };
    void send();
  }, [sending, queryClient]);

  const close = () => {
    if (busy) return;
    dispatch({ type: 'closed' });
    onClose();
  };

  const title =
    state.step !== 'file'
      ? TITLE[state.step]
      : state.creatingAccount
        ? 'Create a manual account'
        : 'Import transactions';

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={title}
      size={state.step === 'file' || state.step === 'result' ? 'lg' : 'xl'}
      fullScreen={phone}
      pending={busy}
    >
      <div aria-busy={request !== null || state.step === 'importing'}>
        {state.step === 'file' && (
          <FileStep state={state} accounts={allAccounts} dispatch={dispatch} onCancel={close} />
        )}
        {state.step === 'mapping' && <MappingStep state={state} compact={phone} dispatch={dispatch} />}
        {state.step === 'preview' && (
          <PreviewStep state={state} account={account} compact={phone} dispatch={dispatch} />
        )}
        {state.step === 'importing' && (
          <ImportingStep fileName={state.file.name} account={account} upload={state.upload} />
        )}
        {state.step === 'result' && (
          <ResultStep
            result={state.result}
            account={account}
            onAnother={() => dispatch({ type: 'anotherFileAsked' })}
            onDone={close}
          />
        )}
      </div>
    </Dialog>
  );
}
