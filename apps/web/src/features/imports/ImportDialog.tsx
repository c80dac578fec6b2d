import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconHistory,
  IconInfoCircle,
  IconTableOptions,
} from '@tabler/icons-react';
import type { Account, CsvMapping, ImportPreview, ImportResult, QifDayOrder } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { errorMessage, isAbort } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { log } from '../../lib/log';
import { ManualAccountForm } from '../manual-accounts';
import { refreshMoneyQueries } from '../transactions';
import { importFile, previewImport, type RefusedRow, refusedRows } from './api/imports';
import { DayOrderChoice } from './DayOrderChoice';
import { FileStep } from './FileStep';
import { MappingForm } from './MappingForm';
import { fallbackMapping, mappingProblem } from './mapping';
import { CountBadges, InvalidRows, PreviewRows } from './PreviewRows';
import { type ChosenFile, readStatementFile, UnreadableFile } from './read-file';

type Step = 'file' | 'mapping' | 'preview' | 'importing' | 'result';
type Upload = { phase: 'upload'; percent: number } | { phase: 'saving' };

/** How long the mapping may stay still before the preview is asked for again. */
const REPREVIEW_DELAY_MS = 400;
/** The mapping step shows a few rows under the form; the preview step shows all the server sent. */
const MAPPING_STEP_ROWS = 5;

const FORMAT_LABEL = { csv: 'CSV', ofx: 'OFX', qfx: 'QFX', qif: 'QIF' } as const;
const PREVIEW_FAILED = 'Failed to read the file. Please try again.';
const IMPORT_FAILED = 'Failed to import the file. Please try again.';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 'N transactions imported, M duplicates skipped', and whatever else was left out. */
export function resultSummary(result: ImportResult): string {
  const parts = [
    `${plural(result.imported, 'transaction')} imported`,
    `${plural(result.duplicates, 'duplicate')} skipped`,
  ];
  if (result.matched > 0) parts.push(`${plural(result.matched, 'row')} already in Tally`);
  if (result.skippedInvalid > 0) parts.push(`${plural(result.skippedInvalid, 'invalid row')} left out`);
  return parts.join(', ');
}

/**
 * The day order an import sends for a QIF: the one the preview showed whenever the person was asked or
 * chose one (so what is stored, and remembered, is what was seen); else none, and the server reads the file
 * as its days show or as the account remembers.
 */
function chosenDayOrder(preview: ImportPreview): QifDayOrder | undefined {
  if (preview.format !== 'qif' || preview.dayOrder === null) return undefined;
  return preview.needsDayOrder || preview.dayOrderSource === 'chosen' ? preview.dayOrder : undefined;
}

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
 */
export function ImportDialog({
  opened,
  onClose,
  accounts,
  accountId: initialAccount = null,
}: ImportDialogProps) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const blockedId = useId();

  // Accounts made here, until the accounts list has been fetched again with them.
  const [made, setMade] = useState<Account[]>([]);
  const allAccounts = [...accounts, ...made.filter((m) => !accounts.some((a) => a.id === m.id))];
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [accountId, setAccountId] = useState<string | null>(
    initialAccount ?? (accounts.length === 1 ? (accounts[0]?.id ?? null) : null),
  );
  const [creatingAccount, setCreatingAccount] = useState(false);
  const [accountPending, setAccountPending] = useState(false);
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  // The file's columns could not be told apart with confidence: said once, while the person maps them.
  const [unclear, setUnclear] = useState(false);
  const [upload, setUpload] = useState<Upload>({ phase: 'upload', percent: 0 });
  const [importError, setImportError] = useState<{ message: string; rows: RefusedRow[] } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const request = useRef<AbortController | null>(null);
  // The mapping the shown preview was made with (the one sent, else the one the server chose): what an
  // import sends, so what is stored is what was seen.
  const [previewedMapping, setPreviewedMapping] = useState<CsvMapping | null>(null);
  const [debouncedMapping] = useDebouncedValue(mapping, REPREVIEW_DELAY_MS);
  const sameMapping = (a: CsvMapping | null, b: CsvMapping | null) => JSON.stringify(a) === JSON.stringify(b);
  const mappingPending = step === 'mapping' && !sameMapping(mapping, previewedMapping);

  const account = allAccounts.find((a) => a.id === accountId) ?? null;
  const busy = step === 'importing' || accountPending;

  useEffect(() => () => request.current?.abort(), []);
  // The accounts may arrive after the dialog opened: a person with one account needs no choice.
  const onlyAccount = accounts.length === 1 ? (accounts[0]?.id ?? null) : null;
  useEffect(() => {
    if (onlyAccount) setAccountId((current) => current ?? onlyAccount);
  }, [onlyAccount]);

  /** Previews the file with the mapping asked for (CSV) or the day order chosen (QIF), else the server's own. */
  const runPreview = async (
    asked: CsvMapping | null,
    dayOrder: QifDayOrder | null = null,
  ): Promise<ImportPreview | null> => {
    if (!file || !accountId) return null;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setPreviewing(true);
    setPreviewError(null);
    try {
      const answer = await previewImport(
        {
          accountId,
          content: file.content,
          fileName: file.name,
          mapping: asked ?? undefined,
          qifDayOrder: dayOrder ?? undefined,
          skipInvalid: false,
        },
        controller.signal,
      );
      setPreview(answer);
      setPreviewedMapping(asked ?? answer.mapping);
      return answer;
    } catch (error) {
      if (isAbort(error)) return null;
      log.warn('Previewing an import failed', error);
      setPreviewError(errorMessage(error, PREVIEW_FAILED));
      return null;
    } finally {
      if (request.current === controller) setPreviewing(false);
    }
  };

  // The effect below calls the newest runPreview (this render's file and account) without re-running for it.
  const latestRunPreview = useRef(runPreview);
  latestRunPreview.current = runPreview;
  const previewedKey = JSON.stringify(previewedMapping);

  // Every change of the mapping is previewed again once the person pauses.
  useEffect(() => {
    if (step !== 'mapping' || !debouncedMapping || mappingProblem(debouncedMapping)) return;
    if (JSON.stringify(debouncedMapping) === previewedKey) return;
    void latestRunPreview.current(debouncedMapping);
  }, [debouncedMapping, step, previewedKey]);

  const chooseFile = async (chosen: File) => {
    setReading(true);
    setFileError(null);
    try {
      setFile(await readStatementFile(chosen));
      setPreview(null);
      setMapping(null);
    } catch (error) {
      setFile(null);
      setFileError(error instanceof UnreadableFile ? error.message : 'The file could not be read.');
    } finally {
      setReading(false);
    }
  };

  const start = async () => {
    setImportError(null);
    setSkipInvalid(false);
    setMapping(null);
    const answer = await runPreview(null);
    if (!answer) return;
    if (answer.format === 'csv') setMapping(answer.mapping ?? fallbackMapping(answer.columns));
    const needsMapping = answer.format === 'csv' && answer.needsMapping;
    setUnclear(needsMapping);
    setStep(needsMapping ? 'mapping' : 'preview');
  };

  const runImport = async () => {
    if (!file || !accountId || !preview) return;
    setImportError(null);
    setUpload({ phase: 'upload', percent: 0 });
    setStep('importing');
    try {
      const done = await importFile(
        {
          accountId,
          content: file.content,
          fileName: file.name,
          mapping: preview.format === 'csv' ? (previewedMapping ?? undefined) : undefined,
          qifDayOrder: chosenDayOrder(preview),
          skipInvalid,
        },
        {
          onUploadProgress: ({ loaded, total }) =>
            setUpload({ phase: 'upload', percent: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
          onUploaded: () => setUpload({ phase: 'saving' }),
        },
      );
      setResult(done);
      setStep('result');
      await refreshMoneyQueries(queryClient);
      toast.success(
        done.imported > 0 ? 'Import complete' : 'No new transactions',
        `${resultSummary(done)}.`,
        { withIcon: true },
      );
    } catch (error) {
      log.warn('Importing a file failed', error);
      setImportError({
        message: errorMessage(error, IMPORT_FAILED),
        rows: refusedRows(error),
      });
      setStep('preview');
    }
  };

  const importAnother = () => {
    setFile(null);
    setPreview(null);
    setMapping(null);
    setPreviewedMapping(null);
    setResult(null);
    setSkipInvalid(false);
    setImportError(null);
    setStep('file');
  };

  const close = () => {
    if (busy) return;
    request.current?.abort();
    onClose();
  };

  const title =
    step === 'mapping'
      ? 'Match the columns'
      : step === 'preview'
        ? 'Check the import'
        : step === 'importing'
          ? 'Importing…'
          : step === 'result'
            ? 'Import finished'
            : creatingAccount
              ? 'Create a manual account'
              : 'Import transactions';

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={title}
      size={step === 'file' || step === 'result' ? 'lg' : 'xl'}
      fullScreen={phone}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <div aria-busy={previewing || step === 'importing'}>
        {step === 'file' &&
          (creatingAccount ? (
            <ManualAccountForm
              cancelLabel="Back"
              onPendingChange={setAccountPending}
              onCancel={() => setCreatingAccount(false)}
              onSaved={(saved) => {
                setMade((list) => [...list, saved]);
                setAccountId(saved.id);
                setCreatingAccount(false);
              }}
            />
          ) : (
            <Stack gap="md">
              <FileStep
                file={file}
                reading={reading}
                fileError={fileError}
                onFile={(f) => void chooseFile(f)}
                accounts={allAccounts}
                accountId={accountId}
                onAccount={(id) => {
                  setAccountId(id);
                  setPreview(null);
                }}
                onCreateAccount={() => setCreatingAccount(true)}
              />
              {previewError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {previewError}
                </Alert>
              )}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button
                  onClick={() => void start()}
                  disabled={!file || !accountId || reading}
                  loading={previewing}
                >
                  Preview
                </Button>
              </Group>
            </Stack>
          ))}

        {step === 'mapping' && mapping && preview && (
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {unclear
                ? 'Tally could not tell for sure which column is which. Check them; the preview follows each change.'
                : 'Say how this file is written; the preview follows each change.'}
            </Text>
            <PreviewCounts preview={preview} updating={previewing} error={previewError} />
            <MappingForm
              mapping={mapping}
              columns={preview.columns}
              sampleRows={preview.sampleRows}
              onChange={setMapping}
            />
            <PreviewDetails
              preview={preview}
              updating={previewing}
              rows={MAPPING_STEP_ROWS}
              compact={phone}
            />
            <Group justify="space-between" gap="xs">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => setStep('file')}
              >
                Back
              </Button>
              <Button
                onClick={() => setStep('preview')}
                disabled={
                  previewing || mappingPending || previewError !== null || mappingProblem(mapping) !== null
                }
              >
                Continue
              </Button>
            </Group>
          </Stack>
        )}

        {step === 'preview' && preview && file && (
          <Stack gap="md">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap={8} wrap="wrap" miw={0}>
                <Badge variant="outline" color="gray" radius="sm">
                  {FORMAT_LABEL[preview.format]}
                </Badge>
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {file.name}
                  </Text>{' '}
                  into{' '}
                  <Text span fw={600}>
                    {account?.name ?? 'the account'}
                  </Text>
                </Text>
              </Group>
              {preview.format === 'csv' && (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconTableOptions size={14} />}
                  onClick={() => {
                    setMapping(previewedMapping ?? fallbackMapping(preview.columns));
                    setUnclear(false);
                    setStep('mapping');
                  }}
                >
                  Change mapping
                </Button>
              )}
            </Group>
            {preview.mappingRemembered && (
              <Group gap={6} wrap="nowrap">
                <IconHistory size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text fz="sm" c="dimmed">
                  Mapping remembered from your last import
                </Text>
              </Group>
            )}
            <DayOrderChoice preview={preview} onChange={(order) => void runPreview(null, order)} />
            <PreviewCounts preview={preview} updating={previewing} error={previewError} />
            <PreviewDetails preview={preview} updating={previewing} compact={phone} />
            {preview.counts.invalid > 0 && (
              <Checkbox
                label="Skip invalid rows"
                description={`Import the other rows and leave out the ${plural(preview.counts.invalid, 'row')} that cannot be read`}
                checked={skipInvalid}
                onChange={(event) => setSkipInvalid(event.currentTarget.checked)}
              />
            )}
            {importError && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} />}
                role="alert"
                title="Nothing was imported"
              >
                {importError.message}
                {importError.rows.length > 1 && ` (and ${plural(importError.rows.length - 1, 'more row')})`}
              </Alert>
            )}
            <ImportActions
              preview={preview}
              skipInvalid={skipInvalid}
              blockedId={blockedId}
              previewing={previewing || previewError !== null}
              onBack={() => setStep('file')}
              onImport={() => void runImport()}
            />
          </Stack>
        )}

        {step === 'importing' && (
          <Stack gap="sm" py="lg">
            <Text fw={600}>
              {upload.phase === 'upload' ? `Uploading ${file?.name ?? 'the file'}…` : 'Saving…'}
            </Text>
            <Progress
              value={upload.phase === 'upload' ? upload.percent : 100}
              size="lg"
              radius="xl"
              aria-label="Upload progress"
              transitionDuration={150}
            />
            {upload.phase === 'upload' ? (
              <Text fz="sm" c="dimmed">
                {upload.percent}% sent
              </Text>
            ) : (
              <Group gap={8} role="status">
                <Loader size="xs" aria-hidden />
                <Text fz="sm" c="dimmed">
                  Saving… Tally is adding the transactions to {account?.name ?? 'the account'}.
                </Text>
              </Group>
            )}
          </Stack>
        )}

        {step === 'result' && result && (
          <Stack gap="md" align="center" ta="center" py="md">
            <ThemeIcon
              variant="light"
              color={result.imported > 0 ? 'brand' : 'gray'}
              size={56}
              radius="xl"
              aria-hidden
            >
              {result.imported > 0 ? <IconCircleCheck size={30} /> : <IconInfoCircle size={30} />}
            </ThemeIcon>
            <Title order={3} fz="lg">
              {result.imported > 0
                ? `${plural(result.imported, 'transaction')} added`
                : 'No new transactions'}
            </Title>
            <Text role="status">{resultSummary(result)}.</Text>
            {result.fromDate && result.toDate && (
              <Text fz="sm" c="dimmed">
                {result.fromDate === result.toDate
                  ? `On ${formatDay(result.fromDate)}`
                  : `From ${formatDay(result.fromDate)} to ${formatDay(result.toDate)}`}
                {account ? `, in ${account.name}` : ''}
              </Text>
            )}
            <Group justify="center" gap="xs" mt="xs">
              <Button variant="default" onClick={importAnother}>
                Import another file
              </Button>
              <Button onClick={close}>Done</Button>
            </Group>
          </Stack>
        )}
      </div>
    </Dialog>
  );
}

/** The counts of a preview, with the state of one on its way (or why it failed). */
function PreviewCounts({
  preview,
  updating,
  error,
}: {
  preview: ImportPreview;
  updating: boolean;
  error: string | null;
}) {
  const nothingNew = preview.counts.new === 0 && preview.counts.total > 0 && preview.counts.invalid === 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" style={{ opacity: updating ? 0.6 : 1 }}>
        <CountBadges counts={preview.counts} />
        {/* Always in the layout, shown while updating: at phone width it has a line of its own, and a line
            that came and went would move the form under a finger (or a click) on its way to a field. */}
        <Group
          gap={6}
          role="status"
          aria-hidden={!updating}
          style={{ visibility: updating ? 'visible' : 'hidden' }}
        >
          <Loader size="xs" aria-hidden />
          <Text fz="xs" c="dimmed">
            Updating preview…
          </Text>
        </Group>
      </Group>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      {nothingNew && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title="No new transactions">
          Every row is already in Tally: {plural(preview.counts.duplicate, 'duplicate')}
          {preview.counts.matched > 0
            ? ` and ${plural(preview.counts.matched, 'row')} matching your transactions`
            : ''}
          .
        </Alert>
      )}
    </Stack>
  );
}

/** The rows that cannot be read and the first rows as they will be stored. */
function PreviewDetails({
  preview,
  updating,
  rows,
  compact,
}: {
  preview: ImportPreview;
  updating: boolean;
  rows?: number;
  compact: boolean;
}) {
  const shown = rows === undefined ? preview.rows : preview.rows.slice(0, rows);
  return (
    <Stack gap="sm" style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <InvalidRows rows={preview.invalidRows} count={preview.counts.invalid} />
      <PreviewRows rows={shown} total={preview.counts.total} compact={compact} />
    </Stack>
  );
}

/** Import, or why not yet: rows that cannot be read and are not skipped, or nothing new to add. */
function ImportActions({
  preview,
  skipInvalid,
  blockedId,
  previewing,
  onBack,
  onImport,
}: {
  preview: ImportPreview;
  skipInvalid: boolean;
  blockedId: string;
  previewing: boolean;
  onBack: () => void;
  onImport: () => void;
}) {
  const { counts } = preview;
  const blocked =
    counts.invalid > 0 && !skipInvalid
      ? `${plural(counts.invalid, 'row')} cannot be read. Tick 'Skip invalid rows' to import the others, or fix the file.`
      : counts.new === 0
        ? 'Nothing new to import.'
        : null;
  return (
    <Stack gap={6}>
      {blocked && (
        <Group gap={6} wrap="nowrap" id={blockedId}>
          <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm" c="dimmed">
            {blocked}
          </Text>
        </Group>
      )}
      <Group justify="space-between" gap="xs">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
        <Button
          onClick={onImport}
          disabled={blocked !== null || previewing}
          aria-describedby={blocked ? blockedId : undefined}
        >
          Import {plural(counts.new, 'transaction')}
        </Button>
      </Group>
    </Stack>
  );
}
