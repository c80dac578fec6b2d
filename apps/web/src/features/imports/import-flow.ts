import type {
  Account,
  CsvMapping,
  ImportBody,
  ImportPreview,
  ImportResult,
  QifDayOrder,
} from '@tally/shared';
import type { RefusedRow } from './api/imports';
import { plural } from './import-summary';
import { fallbackMapping, mappingProblem } from './mapping';
import type { ChosenFile } from './read-file';

/** The upload of an import: the share of the file sent, then the server storing its rows. */
export type Upload = { phase: 'upload'; percent: number } | { phase: 'saving' };

/**
 * A preview on its way: the file and account it was asked for, with the mapping (CSV) or the day order (QIF)
 * asked, else none and the server uses its own. Its answer counts only while it is still the request on its
 * way (this very object): one for a file, an account or a mapping since changed, or for a dialog since
 * closed, is dropped.
 */
export type PreviewRequest = {
  accountId: string;
  file: ChosenFile;
  mapping: CsvMapping | null;
  dayOrder: QifDayOrder | null;
};

/** Why an import stored nothing, with the rows the server refused (if that was why). */
export type ImportError = { message: string; rows: RefusedRow[] };

/** Step 1: the file and the account it goes into, or a manual account being made for it. */
export type FileState = {
  step: 'file';
  /** Accounts made here, until the accounts list has been fetched again with them. */
  accountsMade: readonly Account[];
  accountId: string | null;
  file: ChosenFile | null;
  /** The file being read: a newer choice replaces it, and the older read is dropped. */
  reading: File | null;
  fileError: string | null;
  creatingAccount: boolean;
  /** The manual account form is saving: the dialog stays open until it answers. */
  accountPending: boolean;
  request: PreviewRequest | null;
  /** Why the last preview failed; said until the next one is asked for. */
  previewError: string | null;
};

/** What the mapping, preview and importing steps share: the file, its account and the server's preview. */
type Checking = {
  accountsMade: readonly Account[];
  accountId: string;
  file: ChosenFile;
  preview: ImportPreview;
  /**
   * The mapping the shown preview was made with (the one sent, else the one the server chose): what an
   * import sends, so what is stored is what was seen.
   */
  previewedMapping: CsvMapping | null;
  skipInvalid: boolean;
  importError: ImportError | null;
  request: PreviewRequest | null;
  previewError: string | null;
};

/** A CSV's columns, matched in a form that is previewed again each time the person pauses. */
export type MappingState = Checking & {
  step: 'mapping';
  mapping: CsvMapping;
  /** The file's columns could not be told apart with confidence: said once, while the person maps them. */
  unclear: boolean;
};

/** What each row becomes, with Import (or why not yet). */
export type PreviewState = Checking & { step: 'preview' };

/** The import under way: what was sent, and how far it has gone. No preview is asked for meanwhile. */
export type ImportingState = Omit<Checking, 'request' | 'previewError' | 'importError'> & {
  step: 'importing';
  body: ImportBody;
  upload: Upload;
};

export type ResultState = {
  step: 'result';
  accountsMade: readonly Account[];
  accountId: string;
  result: ImportResult;
};

export type ImportState = FileState | MappingState | PreviewState | ImportingState | ResultState;

/** What the person did, or what the file reader or the server answered. */
export type ImportEvent =
  | { type: 'fileChosen'; file: File }
  | { type: 'fileRead'; chosen: File; file: ChosenFile }
  | { type: 'fileUnreadable'; chosen: File; message: string }
  | { type: 'accountChosen'; accountId: string }
  /** The accounts arrived after the dialog opened, and there is only one: a person with one needs no choice. */
  | { type: 'onlyAccountKnown'; accountId: string }
  | { type: 'accountFormOpened' }
  | { type: 'accountFormClosed' }
  | { type: 'accountSaving'; pending: boolean }
  | { type: 'accountMade'; account: Account }
  | { type: 'previewAsked' }
  | { type: 'previewAnswered'; request: PreviewRequest; preview: ImportPreview }
  | { type: 'previewFailed'; request: PreviewRequest; message: string }
  | { type: 'mappingChanged'; mapping: CsvMapping }
  /** The mapping stayed still for a moment: time to preview it. */
  | { type: 'mappingSettled'; mapping: CsvMapping }
  | { type: 'continued' }
  | { type: 'wentBack' }
  | { type: 'mappingReopened' }
  | { type: 'dayOrderChosen'; dayOrder: QifDayOrder }
  | { type: 'skipInvalidChanged'; skipInvalid: boolean }
  | { type: 'importAsked' }
  | { type: 'uploadProgressed'; loaded: number; total: number }
  | { type: 'uploaded' }
  | { type: 'imported'; result: ImportResult }
  | { type: 'importFailed'; error: ImportError }
  | { type: 'anotherFileAsked' }
  | { type: 'closed' };

/** The dialog as it opens, and again for another file (the account and the accounts made stay). */
export function startingState(accountId: string | null, accountsMade: readonly Account[] = []): FileState {
  return {
    step: 'file',
    accountsMade,
    accountId,
    file: null,
    reading: null,
    fileError: null,
    creatingAccount: false,
    accountPending: false,
    request: null,
    previewError: null,
  };
}

/** Work that must not be dropped halfway: the dialog cannot be closed meanwhile. */
export const isBusy = (state: ImportState) =>
  state.step === 'importing' || (state.step === 'file' && state.accountPending);

const sameMapping = (a: CsvMapping | null, b: CsvMapping | null) => JSON.stringify(a) === JSON.stringify(b);

/** The mapping shown is previewed, without a problem, and nothing is on its way: the person may go on. */
export const canContinue = (state: MappingState) =>
  state.request === null &&
  sameMapping(state.mapping, state.previewedMapping) &&
  state.previewError === null &&
  mappingProblem(state.mapping) === null;

/** Why the preview shown cannot be imported as it stands; null when it can. */
export function importBlocked({
  preview,
  skipInvalid,
}: Pick<Checking, 'preview' | 'skipInvalid'>): string | null {
  const { counts } = preview;
  if (counts.invalid > 0 && !skipInvalid) {
    return `${plural(counts.invalid, 'row')} cannot be read. Tick 'Skip invalid rows' to import the others, or fix the file.`;
  }
  return counts.new === 0 ? 'Nothing new to import.' : null;
}

/** What a preview request sends: never skipping invalid rows, so the preview shows them all. */
export const previewBody = ({ accountId, file, mapping, dayOrder }: PreviewRequest): ImportBody => ({
  accountId,
  content: file.content,
  fileName: file.name,
  mapping: mapping ?? undefined,
  qifDayOrder: dayOrder ?? undefined,
  skipInvalid: false,
});

/**
 * The day order an import sends for a QIF: the one the preview showed whenever the person was asked or
 * chose one (so what is stored, and remembered, is what was seen); else none, and the server reads the file
 * as its days show or as the account remembers.
 */
function chosenDayOrder(preview: ImportPreview): QifDayOrder | undefined {
  if (preview.format !== 'qif' || preview.dayOrder === null) return undefined;
  return preview.needsDayOrder || preview.dayOrderSource === 'chosen' ? preview.dayOrder : undefined;
}

/** What an import sends: the file as it was previewed, with the person's choice about invalid rows. */
const importBody = ({ accountId, file, preview, previewedMapping, skipInvalid }: Checking): ImportBody => ({
  accountId,
  content: file.content,
  fileName: file.name,
  mapping: preview.format === 'csv' ? (previewedMapping ?? undefined) : undefined,
  qifDayOrder: chosenDayOrder(preview),
  skipInvalid,
});

/**
 * The import dialog's flow: each step takes the events that mean something there and ignores the rest (a
 * late answer, a button that is not on the screen), returning the same state so nothing renders again.
 */
export function importFlow(state: ImportState, event: ImportEvent): ImportState {
  if (event.type === 'closed') {
    // Closing drops the preview on its way. The importing step has none: the dialog cannot close then.
    return 'request' in state && state.request !== null ? { ...state, request: null } : state;
  }
  switch (state.step) {
    case 'file':
      return onFileStep(state, event);
    case 'mapping':
      return onMappingStep(state, event);
    case 'preview':
      return onPreviewStep(state, event);
    case 'importing':
      return onImportingStep(state, event);
    case 'result':
      return event.type === 'anotherFileAsked' ? startingState(state.accountId, state.accountsMade) : state;
  }
}

function onFileStep(state: FileState, event: ImportEvent): ImportState {
  switch (event.type) {
    case 'fileChosen':
      // A preview still on its way was asked for the file being replaced.
      return { ...state, reading: event.file, fileError: null, request: null };
    case 'fileRead':
      return event.chosen === state.reading ? { ...state, reading: null, file: event.file } : state;
    case 'fileUnreadable':
      if (event.chosen !== state.reading) return state;
      return { ...state, reading: null, file: null, fileError: event.message };
    case 'accountChosen':
      return { ...state, accountId: event.accountId, request: null };
    case 'onlyAccountKnown':
      return state.accountId === null ? { ...state, accountId: event.accountId } : state;
    case 'accountFormOpened':
      // The account is about to change: a preview for the one chosen now would be for nothing.
      return { ...state, creatingAccount: true, request: null };
    case 'accountFormClosed':
      return { ...state, creatingAccount: false };
    case 'accountSaving':
      return { ...state, accountPending: event.pending };
    case 'accountMade':
      return {
        ...state,
        accountsMade: [...state.accountsMade, event.account],
        accountId: event.account.id,
        creatingAccount: false,
        request: null,
      };
    case 'previewAsked': {
      const { file, accountId } = state;
      if (!file || !accountId || state.reading || state.request) return state;
      return { ...state, previewError: null, request: { accountId, file, mapping: null, dayOrder: null } };
    }
    case 'previewAnswered':
      return event.request === state.request ? firstPreview(state, event.request, event.preview) : state;
    case 'previewFailed':
      if (event.request !== state.request) return state;
      return { ...state, request: null, previewError: event.message };
    default:
      return state;
  }
}

/** The first preview of a file: a CSV whose columns are unclear is mapped first, anything else is checked. */
function firstPreview(
  { accountsMade }: FileState,
  { accountId, file }: PreviewRequest,
  preview: ImportPreview,
): MappingState | PreviewState {
  const checking: Checking = {
    accountsMade,
    accountId,
    file,
    preview,
    previewedMapping: preview.mapping,
    skipInvalid: false,
    importError: null,
    request: null,
    previewError: null,
  };
  if (preview.format === 'csv' && preview.needsMapping) {
    const mapping = preview.mapping ?? fallbackMapping(preview.columns);
    return { ...checking, step: 'mapping', mapping, unclear: true };
  }
  return { ...checking, step: 'preview' };
}

/** A preview's answer on the mapping or preview step: it replaces the one shown, or says why it failed. */
function onAnswer<S extends MappingState | PreviewState>(state: S, event: ImportEvent): S {
  if (event.type === 'previewAnswered' && event.request === state.request) {
    const previewedMapping = event.request.mapping ?? event.preview.mapping;
    return { ...state, preview: event.preview, previewedMapping, request: null };
  }
  if (event.type === 'previewFailed' && event.request === state.request) {
    return { ...state, request: null, previewError: event.message };
  }
  return state;
}

/** Back to step 1 with the file and account as they were; the preview on its way is dropped. */
const backToFile = (state: MappingState | PreviewState): FileState => ({
  ...startingState(state.accountId, state.accountsMade),
  file: state.file,
  previewError: state.previewError,
});

function onMappingStep(state: MappingState, event: ImportEvent): ImportState {
  switch (event.type) {
    case 'mappingChanged':
      return { ...state, mapping: event.mapping };
    case 'mappingSettled': {
      const { mapping } = event;
      // A mapping changed since waits for its own pause; one that cannot be read is not sent.
      if (!sameMapping(mapping, state.mapping) || mappingProblem(mapping) !== null) return state;
      if (sameMapping(mapping, state.request ? state.request.mapping : state.previewedMapping)) return state;
      const { accountId, file } = state;
      return { ...state, previewError: null, request: { accountId, file, mapping, dayOrder: null } };
    }
    case 'continued': {
      if (!canContinue(state)) return state;
      const { mapping, unclear, ...checking } = state;
      return { ...checking, step: 'preview' };
    }
    case 'wentBack':
      return backToFile(state);
    default:
      return onAnswer(state, event);
  }
}

function onPreviewStep(state: PreviewState, event: ImportEvent): ImportState {
  switch (event.type) {
    case 'mappingReopened': {
      if (state.preview.format !== 'csv') return state;
      const mapping = state.previewedMapping ?? fallbackMapping(state.preview.columns);
      return { ...state, step: 'mapping', mapping, unclear: false };
    }
    case 'dayOrderChosen': {
      if (state.preview.format !== 'qif') return state;
      const { accountId, file } = state;
      const request = { accountId, file, mapping: null, dayOrder: event.dayOrder };
      return { ...state, previewError: null, request };
    }
    case 'skipInvalidChanged':
      return { ...state, skipInvalid: event.skipInvalid };
    case 'importAsked': {
      // What is imported is what was seen: not while a preview is on its way or failed.
      if (state.request || state.previewError !== null || importBlocked(state) !== null) return state;
      const { request, previewError, importError, ...checking } = state;
      const upload: Upload = { phase: 'upload', percent: 0 };
      return { ...checking, step: 'importing', body: importBody(state), upload };
    }
    case 'wentBack':
      return backToFile(state);
    default:
      return onAnswer(state, event);
  }
}

function onImportingStep(state: ImportingState, event: ImportEvent): ImportState {
  switch (event.type) {
    case 'uploadProgressed': {
      // Once the whole file is sent the server is storing it: a late count of bytes changes nothing.
      if (state.upload.phase !== 'upload') return state;
      const percent = event.total > 0 ? Math.round((event.loaded / event.total) * 100) : 0;
      return { ...state, upload: { phase: 'upload', percent } };
    }
    case 'uploaded':
      return { ...state, upload: { phase: 'saving' } };
    case 'imported':
      return {
        step: 'result',
        accountsMade: state.accountsMade,
        accountId: state.accountId,
        result: event.result,
      };
    case 'importFailed': {
      // Nothing was stored: back to the preview, as it was, where Import can be tried again.
      const { body, upload, ...checking } = state;
      return { ...checking, step: 'preview', request: null, previewError: null, importError: event.error };
    }
    default:
      return state;
  }
}
