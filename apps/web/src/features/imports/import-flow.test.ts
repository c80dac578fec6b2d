import type { Account, CsvMapping, ImportPreview, ImportResult } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  type FileState,
  type ImportEvent,
  type ImportingState,
  type ImportState,
  importFlow,
  isBusy,
  type MappingState,
  type PreviewRequest,
  type PreviewState,
  type ResultState,
  startingState,
} from './import-flow';
import { fallbackMapping } from './mapping';
import type { ChosenFile } from './read-file';
import { aCsvMapping, anImportPreview } from './test-fixtures';

const ACCOUNT_ID = '6a0c1c55-3d6b-4b7e-9d55-000000000001';
const OTHER_ACCOUNT_ID = '6a0c1c55-3d6b-4b7e-9d55-000000000002';

const MADE: Account = {
  id: '6a0c1c55-3d6b-4b7e-9d55-000000000003',
  connectionId: 'm1',
  institutionName: 'Manual accounts',
  name: 'Credit union',
  officialName: null,
  mask: null,
  type: 0,
  subtype: 'checking',
  currentBalance: 0,
  availableBalance: null,
  isActive: true,
  isManual: true,
  openingBalance: 0,
};

// What the person picked, and what reading it gave.
const CHOSEN = new File(['<OFX>…</OFX>'], 'statement.ofx');
const OTHER_CHOSEN = new File(['<OFX>…</OFX>'], 'other.ofx');
const FILE: ChosenFile = { name: 'statement.ofx', size: 12, content: '<OFX>…</OFX>' };
const CSV_FILE: ChosenFile = {
  name: 'konto.csv',
  size: 40,
  content: 'Buchungstag;Verwendungszweck;Betrag\n',
};

const MAPPING = aCsvMapping();
const CHANGED: CsvMapping = { ...MAPPING, decimalSeparator: ',' };
const CHANGED_AGAIN: CsvMapping = { ...MAPPING, decimalSeparator: ',', hasHeader: false };
// The date and the description in one column: the form says so, and it is not previewed.
const BROKEN: CsvMapping = { ...MAPPING, description: 0 };

const OFX_PREVIEW = anImportPreview();
const UNCLEAR_CSV: ImportPreview = {
  ...OFX_PREVIEW,
  format: 'csv',
  columns: ['Buchungstag', 'Verwendungszweck', 'Betrag'],
  mapping: MAPPING,
  needsMapping: true,
};
const CLEAR_CSV: ImportPreview = { ...UNCLEAR_CSV, needsMapping: false };
const UNMAPPED_CSV: ImportPreview = { ...UNCLEAR_CSV, mapping: null };
const CHANGED_CSV: ImportPreview = { ...CLEAR_CSV, mapping: CHANGED };
const QIF: ImportPreview = {
  ...OFX_PREVIEW,
  format: 'qif',
  dayOrder: 'MDY',
  dayOrderSource: 'default',
  needsDayOrder: true,
};
const QIF_DAY_FIRST: ImportPreview = { ...QIF, dayOrder: 'DMY', dayOrderSource: 'chosen' };
const QIF_REMEMBERED: ImportPreview = {
  ...QIF,
  dayOrder: 'DMY',
  dayOrderSource: 'remembered',
  needsDayOrder: false,
};
const WITH_INVALID: ImportPreview = {
  ...OFX_PREVIEW,
  counts: { total: 3, new: 2, duplicate: 0, matched: 0, invalid: 1 },
  invalidRows: [{ line: 4, reason: 'no date' }],
};
const NOTHING_NEW: ImportPreview = {
  ...OFX_PREVIEW,
  counts: { total: 2, new: 0, duplicate: 2, matched: 0, invalid: 0 },
};

const RESULT: ImportResult = {
  format: 'ofx',
  imported: 2,
  duplicates: 1,
  matched: 0,
  skippedInvalid: 0,
  fromDate: '2024-01-03',
  toDate: '2024-01-31',
};
const REFUSED = { message: 'Line 12: no amount', rows: [{ line: 12, reason: 'no amount' }] };

const asked = (patch: Partial<PreviewRequest> = {}): PreviewRequest => ({
  accountId: ACCOUNT_ID,
  file: FILE,
  mapping: null,
  dayOrder: null,
  ...patch,
});
// An answer counts for the very request on its way: each of these is one such request.
const FIRST = asked();
const FIRST_CSV = asked({ file: CSV_FILE });
const CHANGED_ASKED = asked({ file: CSV_FILE, mapping: CHANGED });
const DAY_FIRST_ASKED = asked({ dayOrder: 'DMY' });

const onFile = (patch: Partial<FileState> = {}): FileState => ({
  ...startingState(ACCOUNT_ID),
  file: FILE,
  ...patch,
});
const onMapping = (patch: Partial<MappingState> = {}): MappingState => ({
  step: 'mapping',
  accountsMade: [],
  accountId: ACCOUNT_ID,
  file: CSV_FILE,
  preview: UNCLEAR_CSV,
  previewedMapping: MAPPING,
  mapping: MAPPING,
  unclear: true,
  skipInvalid: false,
  importError: null,
  request: null,
  previewError: null,
  ...patch,
});
const onPreview = (patch: Partial<PreviewState> = {}): PreviewState => ({
  step: 'preview',
  accountsMade: [],
  accountId: ACCOUNT_ID,
  file: FILE,
  preview: OFX_PREVIEW,
  previewedMapping: null,
  skipInvalid: false,
  importError: null,
  request: null,
  previewError: null,
  ...patch,
});
const importing = (patch: Partial<ImportingState> = {}): ImportingState => ({
  step: 'importing',
  accountsMade: [],
  accountId: ACCOUNT_ID,
  file: FILE,
  preview: OFX_PREVIEW,
  previewedMapping: null,
  skipInvalid: false,
  body: { accountId: ACCOUNT_ID, content: FILE.content, fileName: FILE.name, skipInvalid: false },
  upload: { phase: 'upload', percent: 0 },
  ...patch,
});
const onResult = (patch: Partial<ResultState> = {}): ResultState => ({
  step: 'result',
  accountsMade: [],
  accountId: ACCOUNT_ID,
  result: RESULT,
  ...patch,
});

/** What an import of `file` sends, as the preview showed it. */
const sent = (file: ChosenFile, patch: Partial<ImportingState['body']> = {}) => ({
  accountId: ACCOUNT_ID,
  content: file.content,
  fileName: file.name,
  mapping: undefined,
  qifDayOrder: undefined,
  skipInvalid: false,
  ...patch,
});

/** One of each event, for the ones a step has nothing to do with. */
const EVERY_EVENT: { [T in ImportEvent['type']]: Extract<ImportEvent, { type: T }> } = {
  fileChosen: { type: 'fileChosen', file: OTHER_CHOSEN },
  fileRead: { type: 'fileRead', chosen: OTHER_CHOSEN, file: FILE },
  fileUnreadable: { type: 'fileUnreadable', chosen: OTHER_CHOSEN, message: 'The file is empty' },
  accountChosen: { type: 'accountChosen', accountId: OTHER_ACCOUNT_ID },
  onlyAccountKnown: { type: 'onlyAccountKnown', accountId: OTHER_ACCOUNT_ID },
  accountFormOpened: { type: 'accountFormOpened' },
  accountFormClosed: { type: 'accountFormClosed' },
  accountSaving: { type: 'accountSaving', pending: true },
  accountMade: { type: 'accountMade', account: MADE },
  previewAsked: { type: 'previewAsked' },
  previewAnswered: { type: 'previewAnswered', request: asked(), preview: OFX_PREVIEW },
  previewFailed: { type: 'previewFailed', request: asked(), message: 'Failed to read the file.' },
  mappingChanged: { type: 'mappingChanged', mapping: CHANGED },
  mappingSettled: { type: 'mappingSettled', mapping: CHANGED },
  continued: { type: 'continued' },
  wentBack: { type: 'wentBack' },
  mappingReopened: { type: 'mappingReopened' },
  dayOrderChosen: { type: 'dayOrderChosen', dayOrder: 'DMY' },
  skipInvalidChanged: { type: 'skipInvalidChanged', skipInvalid: true },
  importAsked: { type: 'importAsked' },
  uploadProgressed: { type: 'uploadProgressed', loaded: 10, total: 20 },
  uploaded: { type: 'uploaded' },
  imported: { type: 'imported', result: RESULT },
  importFailed: { type: 'importFailed', error: REFUSED },
  anotherFileAsked: { type: 'anotherFileAsked' },
  closed: { type: 'closed' },
};

/** A state, what happened, and the state after; 'same' for the very state it started from. */
type Row = [name: string, from: ImportState, event: ImportEvent, to: ImportState | 'same'];

/**
 * A step's table. An ignored event answers the very same state (so nothing renders again), and every event
 * the table does not name is ignored on that step.
 */
function stepTable(step: ImportState['step'], base: ImportState, rows: Row[]) {
  it.each(rows)('%s', (_name, from, event, to) => {
    const next = importFlow(from, event);
    if (to === 'same') expect(next).toBe(from);
    else expect(next).toEqual(to);
  });
  const named = new Set(rows.map(([, , event]) => event.type));
  const others = Object.values(EVERY_EVENT).filter((event) => !named.has(event.type));
  it.each(others.map((event) => [event.type, event] as const))(
    `ignores %s on the ${step} step`,
    (_t, event) => {
      expect(importFlow(base, event)).toBe(base);
    },
  );
}

const run = (state: ImportState, ...events: ImportEvent[]) => events.reduce(importFlow, state);

describe('the file step', () => {
  const base = onFile();
  stepTable('file', base, [
    [
      'reads a chosen file',
      onFile({ file: null }),
      EVERY_EVENT.fileChosen,
      onFile({ file: null, reading: OTHER_CHOSEN }),
    ],
    [
      'forgets why the last file could not be read once another is chosen',
      onFile({ file: null, fileError: 'The file is empty' }),
      EVERY_EVENT.fileChosen,
      onFile({ file: null, reading: OTHER_CHOSEN }),
    ],
    [
      'drops the preview on its way when another file is chosen',
      onFile({ request: FIRST }),
      EVERY_EVENT.fileChosen,
      onFile({ reading: OTHER_CHOSEN }),
    ],
    [
      'keeps the file read',
      onFile({ file: null, reading: CHOSEN }),
      { type: 'fileRead', chosen: CHOSEN, file: FILE },
      onFile(),
    ],
    [
      'ignores the reading of a file since replaced',
      onFile({ file: null, reading: OTHER_CHOSEN }),
      { type: 'fileRead', chosen: CHOSEN, file: FILE },
      'same',
    ],
    [
      'says why a file cannot be read, and keeps no file',
      onFile({ reading: CHOSEN }),
      { type: 'fileUnreadable', chosen: CHOSEN, message: 'The file is empty' },
      onFile({ file: null, fileError: 'The file is empty' }),
    ],
    [
      'ignores an unreadable file since replaced',
      onFile({ reading: OTHER_CHOSEN }),
      { type: 'fileUnreadable', chosen: CHOSEN, message: 'The file is empty' },
      'same',
    ],
    [
      'takes the account chosen',
      onFile(),
      EVERY_EVENT.accountChosen,
      onFile({ accountId: OTHER_ACCOUNT_ID }),
    ],
    [
      'drops the preview on its way when the account changes',
      onFile({ request: FIRST }),
      EVERY_EVENT.accountChosen,
      onFile({ accountId: OTHER_ACCOUNT_ID }),
    ],
    [
      'takes the only account when the accounts arrive and none is chosen',
      onFile({ accountId: null }),
      EVERY_EVENT.onlyAccountKnown,
      onFile({ accountId: OTHER_ACCOUNT_ID }),
    ],
    ['keeps the account chosen when the accounts arrive', onFile(), EVERY_EVENT.onlyAccountKnown, 'same'],
    [
      'opens the manual account form, dropping the preview on its way',
      onFile({ request: FIRST }),
      EVERY_EVENT.accountFormOpened,
      onFile({ creatingAccount: true }),
    ],
    ['closes the account form', onFile({ creatingAccount: true }), EVERY_EVENT.accountFormClosed, onFile()],
    [
      'holds the dialog open while the account saves',
      onFile({ creatingAccount: true }),
      EVERY_EVENT.accountSaving,
      onFile({ creatingAccount: true, accountPending: true }),
    ],
    [
      'lets it close again once the account answered',
      onFile({ creatingAccount: true, accountPending: true }),
      { type: 'accountSaving', pending: false },
      onFile({ creatingAccount: true }),
    ],
    [
      'imports into the account made, listing it until the accounts are fetched again',
      onFile({ accountId: null, creatingAccount: true }),
      EVERY_EVENT.accountMade,
      onFile({ accountsMade: [MADE], accountId: MADE.id }),
    ],
    [
      'asks for a preview of the file in the account, forgetting the last failure',
      onFile({ previewError: 'The OFX file has no transactions' }),
      EVERY_EVENT.previewAsked,
      onFile({ request: FIRST }),
    ],
    ['asks for no preview without a file', onFile({ file: null }), EVERY_EVENT.previewAsked, 'same'],
    ['asks for no preview without an account', onFile({ accountId: null }), EVERY_EVENT.previewAsked, 'same'],
    [
      'asks for no preview while the file is read',
      onFile({ reading: CHOSEN }),
      EVERY_EVENT.previewAsked,
      'same',
    ],
    [
      'asks for no second preview while one is on its way',
      onFile({ request: FIRST }),
      EVERY_EVENT.previewAsked,
      'same',
    ],
    [
      'checks an OFX file at once',
      onFile({ request: FIRST }),
      { type: 'previewAnswered', request: FIRST, preview: OFX_PREVIEW },
      onPreview(),
    ],
    [
      'carries the accounts made to the next step',
      onFile({ accountsMade: [MADE], request: FIRST }),
      { type: 'previewAnswered', request: FIRST, preview: OFX_PREVIEW },
      onPreview({ accountsMade: [MADE] }),
    ],
    [
      'asks for the columns of a CSV that are unclear, starting from the mapping the server read',
      onFile({ file: CSV_FILE, request: FIRST_CSV }),
      { type: 'previewAnswered', request: FIRST_CSV, preview: UNCLEAR_CSV },
      onMapping(),
    ],
    [
      'starts from the first columns when the server offers no mapping',
      onFile({ file: CSV_FILE, request: FIRST_CSV }),
      { type: 'previewAnswered', request: FIRST_CSV, preview: UNMAPPED_CSV },
      onMapping({
        preview: UNMAPPED_CSV,
        previewedMapping: null,
        mapping: fallbackMapping(UNMAPPED_CSV.columns),
      }),
    ],
    [
      'checks a CSV whose columns are clear',
      onFile({ file: CSV_FILE, request: FIRST_CSV }),
      { type: 'previewAnswered', request: FIRST_CSV, preview: CLEAR_CSV },
      onPreview({ file: CSV_FILE, preview: CLEAR_CSV, previewedMapping: MAPPING }),
    ],
    [
      'ignores an answer to a request since replaced',
      onFile({ request: FIRST }),
      { type: 'previewAnswered', request: asked(), preview: OFX_PREVIEW },
      'same',
    ],
    [
      'ignores a late answer once the file, the account or the dialog has moved on',
      onFile(),
      { type: 'previewAnswered', request: FIRST, preview: OFX_PREVIEW },
      'same',
    ],
    [
      'says why the preview failed',
      onFile({ request: FIRST }),
      { type: 'previewFailed', request: FIRST, message: 'The OFX file has no transactions' },
      onFile({ previewError: 'The OFX file has no transactions' }),
    ],
    [
      'ignores the failure of a request since dropped',
      onFile(),
      { type: 'previewFailed', request: FIRST, message: 'The OFX file has no transactions' },
      'same',
    ],
    ['drops the preview on its way when closed', onFile({ request: FIRST }), EVERY_EVENT.closed, onFile()],
    ['has nothing to drop when closed otherwise', onFile(), EVERY_EVENT.closed, 'same'],
  ]);
});

describe('the mapping step', () => {
  const base = onMapping();
  stepTable('mapping', base, [
    ['follows the form', onMapping(), EVERY_EVENT.mappingChanged, onMapping({ mapping: CHANGED })],
    [
      'previews the mapping once the person pauses',
      onMapping({ mapping: CHANGED, previewError: 'Failed to read the file.' }),
      { type: 'mappingSettled', mapping: CHANGED },
      onMapping({ mapping: CHANGED, request: CHANGED_ASKED }),
    ],
    [
      'does not preview again the mapping shown',
      onMapping(),
      { type: 'mappingSettled', mapping: MAPPING },
      'same',
    ],
    [
      'ignores a pause of a mapping the person has changed since (its own pause follows)',
      onMapping({ mapping: CHANGED_AGAIN }),
      { type: 'mappingSettled', mapping: CHANGED },
      'same',
    ],
    [
      'does not preview a mapping with a problem',
      onMapping({ mapping: BROKEN }),
      { type: 'mappingSettled', mapping: BROKEN },
      'same',
    ],
    [
      'does not ask twice for the mapping on its way',
      onMapping({ mapping: CHANGED, request: CHANGED_ASKED }),
      { type: 'mappingSettled', mapping: CHANGED },
      'same',
    ],
    [
      'replaces the preview on its way when the person has moved on from it',
      onMapping({ request: CHANGED_ASKED }),
      { type: 'mappingSettled', mapping: MAPPING },
      onMapping({ request: asked({ file: CSV_FILE, mapping: MAPPING }) }),
    ],
    [
      'shows the answer, and keeps the mapping it was made with for the import',
      onMapping({ mapping: CHANGED, request: CHANGED_ASKED }),
      { type: 'previewAnswered', request: CHANGED_ASKED, preview: CHANGED_CSV },
      onMapping({ mapping: CHANGED, preview: CHANGED_CSV, previewedMapping: CHANGED }),
    ],
    [
      'ignores an answer to a request since replaced',
      onMapping({ mapping: CHANGED, request: CHANGED_ASKED }),
      { type: 'previewAnswered', request: asked({ file: CSV_FILE, mapping: CHANGED }), preview: CHANGED_CSV },
      'same',
    ],
    [
      'says why the preview failed and keeps showing the last one',
      onMapping({ mapping: CHANGED, request: CHANGED_ASKED }),
      { type: 'previewFailed', request: CHANGED_ASKED, message: 'Failed to read the file.' },
      onMapping({ mapping: CHANGED, previewError: 'Failed to read the file.' }),
    ],
    [
      'goes on to check the import',
      onMapping(),
      EVERY_EVENT.continued,
      onPreview({ file: CSV_FILE, preview: UNCLEAR_CSV, previewedMapping: MAPPING }),
    ],
    [
      'does not go on while a preview is on its way',
      onMapping({ request: CHANGED_ASKED }),
      EVERY_EVENT.continued,
      'same',
    ],
    [
      'does not go on before the mapping shown is previewed',
      onMapping({ mapping: CHANGED }),
      EVERY_EVENT.continued,
      'same',
    ],
    [
      'does not go on after a failed preview',
      onMapping({ previewError: 'Failed to read the file.' }),
      EVERY_EVENT.continued,
      'same',
    ],
    [
      'does not go on with a mapping that has a problem',
      onMapping({ mapping: BROKEN, previewedMapping: BROKEN }),
      EVERY_EVENT.continued,
      'same',
    ],
    [
      'goes back to the file and the account as they were, dropping the preview on its way',
      onMapping({ accountsMade: [MADE], request: CHANGED_ASKED }),
      EVERY_EVENT.wentBack,
      { ...startingState(ACCOUNT_ID, [MADE]), file: CSV_FILE },
    ],
    [
      'still says why the last preview failed after going back',
      onMapping({ previewError: 'Failed to read the file.' }),
      EVERY_EVENT.wentBack,
      onFile({ file: CSV_FILE, previewError: 'Failed to read the file.' }),
    ],
    [
      'drops the preview on its way when closed',
      onMapping({ mapping: CHANGED, request: CHANGED_ASKED }),
      EVERY_EVENT.closed,
      onMapping({ mapping: CHANGED }),
    ],
    ['has nothing to drop when closed otherwise', onMapping(), EVERY_EVENT.closed, 'same'],
  ]);
});

describe('the preview step', () => {
  const base = onPreview();
  const csv = onPreview({ file: CSV_FILE, preview: CLEAR_CSV, previewedMapping: CHANGED });
  stepTable('preview', base, [
    [
      'reopens the mapping the preview was made with',
      csv,
      EVERY_EVENT.mappingReopened,
      onMapping({ preview: CLEAR_CSV, previewedMapping: CHANGED, mapping: CHANGED, unclear: false }),
    ],
    [
      'reopens at the first columns when the server used none',
      onPreview({ file: CSV_FILE, preview: CLEAR_CSV }),
      EVERY_EVENT.mappingReopened,
      onMapping({
        preview: CLEAR_CSV,
        previewedMapping: null,
        mapping: fallbackMapping(CLEAR_CSV.columns),
        unclear: false,
      }),
    ],
    [
      'has no mapping to reopen for a file that is not a CSV',
      onPreview(),
      EVERY_EVENT.mappingReopened,
      'same',
    ],
    [
      'previews a QIF again in the day order chosen',
      onPreview({ preview: QIF, previewError: 'Failed to read the file.' }),
      EVERY_EVENT.dayOrderChosen,
      onPreview({ preview: QIF, request: DAY_FIRST_ASKED }),
    ],
    [
      'replaces the preview on its way with the newer order',
      onPreview({ preview: QIF, request: DAY_FIRST_ASKED }),
      { type: 'dayOrderChosen', dayOrder: 'MDY' },
      onPreview({ preview: QIF, request: asked({ dayOrder: 'MDY' }) }),
    ],
    [
      'has no day order to choose for a file that is not a QIF',
      onPreview(),
      EVERY_EVENT.dayOrderChosen,
      'same',
    ],
    [
      'shows the answer in the order chosen',
      onPreview({ preview: QIF, request: DAY_FIRST_ASKED }),
      { type: 'previewAnswered', request: DAY_FIRST_ASKED, preview: QIF_DAY_FIRST },
      onPreview({ preview: QIF_DAY_FIRST }),
    ],
    [
      'ignores an answer to a request since replaced',
      onPreview({ preview: QIF, request: DAY_FIRST_ASKED }),
      { type: 'previewAnswered', request: asked({ dayOrder: 'DMY' }), preview: QIF_DAY_FIRST },
      'same',
    ],
    [
      'says why the preview failed and keeps showing the last one',
      onPreview({ preview: QIF, request: DAY_FIRST_ASKED }),
      { type: 'previewFailed', request: DAY_FIRST_ASKED, message: 'Failed to read the file.' },
      onPreview({ preview: QIF, previewError: 'Failed to read the file.' }),
    ],
    [
      'skips the rows that cannot be read when ticked',
      onPreview({ preview: WITH_INVALID }),
      EVERY_EVENT.skipInvalidChanged,
      onPreview({ preview: WITH_INVALID, skipInvalid: true }),
    ],
    [
      'imports the file as previewed, from nothing sent yet',
      onPreview(),
      EVERY_EVENT.importAsked,
      importing({ body: sent(FILE) }),
    ],
    [
      'imports a CSV with the mapping the preview was made with',
      csv,
      EVERY_EVENT.importAsked,
      importing({
        file: CSV_FILE,
        preview: CLEAR_CSV,
        previewedMapping: CHANGED,
        body: sent(CSV_FILE, { mapping: CHANGED }),
      }),
    ],
    [
      'imports a QIF in the day order the person was asked about, even left as it was',
      onPreview({ preview: QIF }),
      EVERY_EVENT.importAsked,
      importing({ preview: QIF, body: sent(FILE, { qifDayOrder: 'MDY' }) }),
    ],
    [
      'imports a QIF in the day order chosen',
      onPreview({ preview: QIF_DAY_FIRST }),
      EVERY_EVENT.importAsked,
      importing({ preview: QIF_DAY_FIRST, body: sent(FILE, { qifDayOrder: 'DMY' }) }),
    ],
    [
      'leaves the day order of a QIF to what the account remembers',
      onPreview({ preview: QIF_REMEMBERED }),
      EVERY_EVENT.importAsked,
      importing({ preview: QIF_REMEMBERED, body: sent(FILE) }),
    ],
    [
      'imports the readable rows once the others are skipped',
      onPreview({ preview: WITH_INVALID, skipInvalid: true }),
      EVERY_EVENT.importAsked,
      importing({ preview: WITH_INVALID, skipInvalid: true, body: sent(FILE, { skipInvalid: true }) }),
    ],
    [
      'tries again after a failed import, no longer saying why it failed',
      onPreview({ importError: REFUSED }),
      EVERY_EVENT.importAsked,
      importing({ body: sent(FILE) }),
    ],
    [
      'imports nothing while rows cannot be read and are not skipped',
      onPreview({ preview: WITH_INVALID }),
      EVERY_EVENT.importAsked,
      'same',
    ],
    [
      'imports nothing when nothing is new',
      onPreview({ preview: NOTHING_NEW }),
      EVERY_EVENT.importAsked,
      'same',
    ],
    [
      'imports nothing while a preview is on its way',
      onPreview({ preview: QIF, request: DAY_FIRST_ASKED }),
      EVERY_EVENT.importAsked,
      'same',
    ],
    [
      'imports nothing after a failed preview',
      onPreview({ preview: QIF, previewError: 'Failed to read the file.' }),
      EVERY_EVENT.importAsked,
      'same',
    ],
    [
      'goes back to the file and the account as they were',
      onPreview({ skipInvalid: true, importError: REFUSED }),
      EVERY_EVENT.wentBack,
      onFile(),
    ],
    [
      'drops the preview on its way when closed',
      onPreview({ preview: QIF, request: DAY_FIRST_ASKED }),
      EVERY_EVENT.closed,
      onPreview({ preview: QIF }),
    ],
    ['has nothing to drop when closed otherwise', onPreview(), EVERY_EVENT.closed, 'same'],
  ]);
});

describe('the importing step', () => {
  const base = importing();
  const saving = importing({ upload: { phase: 'saving' } });
  stepTable('importing', base, [
    [
      'counts the share of the file sent',
      importing(),
      { type: 'uploadProgressed', loaded: 1, total: 3 },
      importing({ upload: { phase: 'upload', percent: 33 } }),
    ],
    [
      'counts nothing sent of a file whose size is not told',
      importing({ upload: { phase: 'upload', percent: 40 } }),
      { type: 'uploadProgressed', loaded: 10, total: 0 },
      importing(),
    ],
    ['says the server is saving once the whole file is sent', importing(), EVERY_EVENT.uploaded, saving],
    ['ignores a late count once the file is sent', saving, EVERY_EVENT.uploadProgressed, 'same'],
    [
      'sums up what was imported',
      importing({ accountsMade: [MADE] }),
      EVERY_EVENT.imported,
      onResult({ accountsMade: [MADE] }),
    ],
    [
      'returns to the preview as it was after a failed import, saying why',
      importing({ preview: WITH_INVALID, skipInvalid: true }),
      EVERY_EVENT.importFailed,
      onPreview({ preview: WITH_INVALID, skipInvalid: true, importError: REFUSED }),
    ],
    ['cannot be cancelled during the upload', importing(), EVERY_EVENT.closed, 'same'],
    ['cannot be cancelled while the server saves', saving, EVERY_EVENT.closed, 'same'],
  ]);
});

describe('the result step', () => {
  const base = onResult();
  stepTable('result', base, [
    [
      'starts again for another file into the same account, keeping the accounts made',
      onResult({ accountsMade: [MADE] }),
      EVERY_EVENT.anotherFileAsked,
      startingState(ACCOUNT_ID, [MADE]),
    ],
    ['has nothing to drop when closed', onResult(), EVERY_EVENT.closed, 'same'],
  ]);
});

describe('the flow through its steps', () => {
  it('ignores the answer for a file changed while it was previewed, and keeps the new file', () => {
    const previewing = run(onFile(), EVERY_EVENT.previewAsked);
    const request = 'request' in previewing ? previewing.request : null;
    if (!request) throw new Error('no preview asked for');
    const changed = run(
      previewing,
      { type: 'fileChosen', file: OTHER_CHOSEN },
      { type: 'fileRead', chosen: OTHER_CHOSEN, file: { ...FILE, name: 'other.ofx' } },
      { type: 'previewAnswered', request, preview: OFX_PREVIEW },
    );
    expect(changed).toEqual(onFile({ file: { ...FILE, name: 'other.ofx' } }));
  });

  it('ignores the answer for a dialog closed while it was previewed', () => {
    const previewing = run(onFile(), EVERY_EVENT.previewAsked);
    const request = 'request' in previewing ? previewing.request : null;
    if (!request) throw new Error('no preview asked for');
    const closed = run(previewing, EVERY_EVENT.closed, {
      type: 'previewAnswered',
      request,
      preview: OFX_PREVIEW,
    });
    expect(closed).toEqual(onFile());
  });

  it('tries a failed import again from the preview it returned to', () => {
    const retried = run(
      onPreview(),
      EVERY_EVENT.importAsked,
      { type: 'uploadProgressed', loaded: 5, total: 10 },
      EVERY_EVENT.importFailed,
      EVERY_EVENT.importAsked,
    );
    expect(retried).toEqual(importing({ body: sent(FILE) }));
  });
});

describe('isBusy', () => {
  it.each<[string, boolean, ImportState]>([
    ['choosing the file', false, onFile()],
    ['saving a manual account', true, onFile({ creatingAccount: true, accountPending: true })],
    ['previewing the file', false, onFile({ request: FIRST })],
    ['mapping the columns', false, onMapping({ request: CHANGED_ASKED })],
    ['checking the import', false, onPreview()],
    ['uploading', true, importing()],
    ['saving the import', true, importing({ upload: { phase: 'saving' } })],
    ['summing up', false, onResult()],
  ])('%s: %s', (_name, busy, state) => {
    expect(isBusy(state)).toBe(busy);
  });
});
