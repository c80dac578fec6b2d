import Papa from 'papaparse';
import type { Cents } from '../money';
import { amountProblem, type DecimalSeparator, DecimalVote, readAmount } from './amounts';
import { DayFormatVote, dayFormatsOf, parseDay } from './days';
import { type CsvMapping, type DateFormat, MAX_CSV_COLUMNS, MAX_IMPORT_ROWS } from './imports.schema';
import {
  cleanOptional,
  cleanText,
  ImportFileError,
  type ParsedRow,
  type RowError,
  refuseLongLines,
  tooManyRows,
} from './parsed-file';

type Delimiter = CsvMapping['delimiter'];

const DELIMITERS: readonly Delimiter[] = [',', ';', '\t', '|'];
/** How much of the file the delimiter is guessed from. */
const DELIMITER_SAMPLE_CHARS = 64 * 1024;
const DELIMITER_SAMPLE_RECORDS = 40;
/** How many data rows the columns' roles are guessed from (the day format and decimals look at every row). */
const ROLE_SAMPLE_ROWS = 500;
const SAMPLE_ROWS = 5;
/** Amounts that show their decimal separator: once this many agree or disagree, the rest add nothing. */
const DECIDING_VOTES = 500;

/** Lines read besides MAX_IMPORT_ROWS rows: a preamble, the header, blank lines. */
const LINES_BESIDES_ROWS = 1_000;

/** The file's records as the CSV parser read them, with the line each starts on. */
type Table = {
  records: string[][];
  /** 1-based line of each record's first line. */
  lines: number[];
  /** Records the CSV parser could not read whole (an unclosed quote), by index. */
  broken: Map<number, string>;
  /** Index of the first record of the table: lines before it with far fewer cells are a preamble (account number, period…). */
  start: number;
  /** The number of cells most rows have. */
  width: number;
};

/** Excel's 'sep=;' first line names the delimiter; it is not part of the table. */
const SEP_HINT = /^sep=(.)\r?\n/i;

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

function countOf(text: string, char: string): number {
  let n = 0;
  let at = text.indexOf(char);
  while (at !== -1) {
    n += 1;
    at = text.indexOf(char, at + 1);
  }
  return n;
}

function modalWidth(records: readonly string[][]): number {
  const counts = new Map<number, number>();
  for (const r of records) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  let width = 0;
  let best = 0;
  for (const [w, n] of counts) {
    if (n > best || (n === best && w > width)) {
      width = w;
      best = n;
    }
  }
  return width;
}

/**
 * The delimiter whose split gives most of the first records the same number of cells (at least two); among
 * equally consistent ones, the one giving more cells (a ';' file with ',' decimals splits evenly on both).
 */
function detectDelimiter(content: string): Delimiter {
  const hint = SEP_HINT.exec(content);
  const hinted = DELIMITERS.find((d) => d === hint?.[1]);
  if (hinted) return hinted;
  let sample = content.slice(0, DELIMITER_SAMPLE_CHARS);
  if (sample.length < content.length) sample = sample.slice(0, Math.max(sample.lastIndexOf('\n'), 1));
  const newline = lineBreakOf(sample);
  let best: { delimiter: Delimiter; share: number; width: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const parsed = Papa.parse<string[]>(sample, { delimiter, newline, preview: DELIMITER_SAMPLE_RECORDS });
    const records = parsed.data.filter((r) => !isBlank(r));
    if (records.length === 0) continue;
    const width = modalWidth(records);
    if (width < 2) continue;
    const share = records.filter((r) => r.length === width).length / records.length;
    const candidate = { delimiter, share, width };
    if (!best) best = candidate;
    else {
      const bothConsistent = share >= 0.8 && best.share >= 0.8;
      if (bothConsistent ? width > best.width : share > best.share) best = candidate;
    }
  }
  return best?.delimiter ?? ',';
}

/**
 * The file's line break, told to the CSV parser so it does not guess: its guess rescans the first megabyte,
 * a good part of the time a large file takes.
 */
function lineBreakOf(content: string): '\r\n' | '\n' | '\r' {
  const lf = content.indexOf('\n');
  if (lf === -1) return content.includes('\r') ? '\r' : '\n';
  return lf > 0 && content.charAt(lf - 1) === '\r' ? '\r\n' : '\n';
}

function readTable(content: string, delimiter: Delimiter): Table {
  const newline = lineBreakOf(content);
  // The parser stops past the cap, so a file of millions of empty lines never becomes millions of records.
  const preview = MAX_IMPORT_ROWS + LINES_BESIDES_ROWS;
  const parsed = Papa.parse<string[]>(content, { delimiter, newline, skipEmptyLines: false, preview });
  const records = parsed.data;
  if (records.length >= preview && parsed.meta.truncated) throw tooManyRows();
  const broken = new Map<number, string>();
  for (const e of parsed.errors) {
    if (e.code === 'MissingQuotes' && e.row !== undefined)
      broken.set(e.row, 'a quoted field is never closed');
  }
  // Lines: each record ends with one line break, plus those inside its quoted fields. Most files have none
  // inside fields, which one count over the whole text shows.
  const breakChar = newline === '\r' ? '\r' : '\n';
  const lines = new Array<number>(records.length);
  const embedded = countOf(content, breakChar) > records.length - 1;
  let line = 1;
  for (let i = 0; i < records.length; i++) {
    lines[i] = line;
    line += 1;
    if (!embedded) continue;
    for (const cell of records[i] ?? []) line += countOf(cell, breakChar);
  }
  const head: string[][] = [];
  for (let i = 0; i < records.length && head.length < 50; i++) {
    const r = records[i] ?? [];
    if (!isBlank(r)) head.push(r);
  }
  const width = modalWidth(head);
  const least = Math.max(2, Math.ceil(width * 0.6));
  let start = records.length;
  for (let i = SEP_HINT.test(content) ? 1 : 0; i < records.length; i++) {
    const r = records[i] ?? [];
    if (!isBlank(r) && r.length >= least) {
      start = i;
      break;
    }
  }
  return { records, lines, broken, start, width };
}

/** Indexes of the data records: after the preamble and the header, blank lines left out. */
function dataIndexes(table: Table, hasHeader: boolean, limit = Number.POSITIVE_INFINITY): number[] {
  const out: number[] = [];
  let first = table.start;
  if (hasHeader) first += 1;
  for (let i = first; i < table.records.length && out.length < limit; i++) {
    if (!isBlank(table.records[i] ?? [])) out.push(i);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Which column is which

type Role = 'date' | 'amount' | 'debit' | 'credit' | 'description' | 'category' | 'notes';

/** Header words per role, best first: a header's rank is the index of the first pattern it matches. */
const HEADER_PATTERNS: Record<Role, readonly RegExp[]> = {
  date: [
    /^(?:transaction |trans |txn |booking |)date$/,
    /^(?:posted|posting|post) date$|^date posted$/,
    /^(?:buchungstag|buchungsdatum|datum|date operation|date de l operation|date d operation|fecha|fecha operacion|data|data operazione|transactiedatum|boekdatum)$/,
    /^(?!.*(?:valu|wertstell|valeur)).*\b(?:date|datum|fecha|data)\b/,
    /valu|wertstell|valeur/,
  ],
  amount: [
    /^(?:amount|transaction amount|amt|value|betrag|montant|importe|bedrag|importo|umsatz|debit credit|credit debit)$/,
    /^(?:amount|betrag|montant|importe|bedrag|importo|umsatz)\b/,
    /\b(?:amount|betrag|montant|importe|bedrag|importo|umsatz)\b/,
  ],
  debit: [
    /^(?:debit|debits|debit amount|withdrawal|withdrawals|withdrawal amount|money out|paid out|outflow|soll|ausgang|ausgaben|debito|charge|charges)$/,
    /\b(?:debit|debits|withdrawals?|money out|paid out|outflow|soll)\b/,
  ],
  credit: [
    /^(?:credit|credits|credit amount|deposit|deposits|deposit amount|money in|paid in|inflow|haben|eingang|einnahmen|credito)$/,
    /\b(?:credit|credits|deposits?|money in|paid in|inflow|haben)\b/,
  ],
  description: [
    /^(?:description|transaction description|description 1)$/,
    /^(?:payee|merchant|merchant name|name|payee name)$/,
    /^(?:details|narrative|transaction details|particulars)$/,
    /^(?:beguenstigter zahlungspflichtiger|begunstigter zahlungspflichtiger|auftraggeber empfanger|zahlungsempfanger in|zahlungsempfanger|empfanger|auftraggeber|name zahlungsbeteiligter|libelle|libelle operation|intitule|concepto|omschrijving|naam tegenrekening|descrizione|beschreibung)$/,
    /descr|payee|merchant|libelle|omschrijving|buchungstext|verwendungszweck|memo/,
  ],
  category: [/^(?:category|categories|category name|kategorie|categorie|categoria)$/, /categ|kategor/],
  notes: [
    /^(?:notes?|memo|comments?|remarks?|reference|referenz|verwendungszweck|purpose|additional info|message|mitteilung|communication|motif)$/,
    /\b(?:notes?|memo|comments?|verwendungszweck|reference)\b/,
  ],
};
/** A running balance is money but never the transaction's amount. */
const BALANCE_HEADER = /balance|saldo|solde|kontostand|running/;
const ROLE_ORDER: readonly Role[] = ['date', 'amount', 'debit', 'credit', 'description', 'category', 'notes'];
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_WORD = /[^a-z0-9]+/g;

function normaliseHeader(cell: string): string {
  return cell.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(NOT_WORD, ' ').trim();
}

function headerRank(role: Role, header: string): number {
  if (header === '') return Number.POSITIVE_INFINITY;
  if ((role === 'amount' || role === 'debit' || role === 'credit') && BALANCE_HEADER.test(header)) {
    return Number.POSITIVE_INFINITY;
  }
  const rank = firstMatch(HEADER_PATTERNS[role], header);
  // 'Debit amount' and 'Credit amount' name one side, not a signed amount.
  if (role === 'amount' && rank > 0) {
    if (firstMatch(HEADER_PATTERNS.debit, header) < Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
    if (firstMatch(HEADER_PATTERNS.credit, header) < Number.POSITIVE_INFINITY)
      return Number.POSITIVE_INFINITY;
  }
  return rank;
}

function firstMatch(patterns: readonly RegExp[], header: string): number {
  for (let i = 0; i < patterns.length; i++) if (patterns[i]?.test(header)) return i;
  return Number.POSITIVE_INFINITY;
}

/** What the sampled cells of one column look like. */
type ColumnStats = {
  nonEmpty: number;
  days: DayFormatVote;
  numeric: number;
  /** Numbers written as money: two decimals, a sign, a currency symbol or parentheses. */
  moneyish: number;
  /** Cells that are empty or zero (a debit/credit pair leaves one of the two so). */
  emptyOrZero: number;
  positive: number;
  negative: number;
  distinct: number;
  totalLength: number;
};

const MONEYISH = /[.,]\d{2}(?!\d)|^[-−(+]|[-)]$|[$€£¥]/;

function tryAmount(cell: string): Cents | null {
  const dot = readAmount(cell, '.');
  if (typeof dot === 'number') return dot;
  const comma = readAmount(cell, ',');
  return typeof comma === 'number' ? comma : null;
}

function columnStats(table: Table, rows: readonly number[], width: number): ColumnStats[] {
  const stats: ColumnStats[] = [];
  const seen: Set<string>[] = [];
  for (let j = 0; j < width; j++) {
    stats.push({
      nonEmpty: 0,
      days: new DayFormatVote(),
      numeric: 0,
      moneyish: 0,
      emptyOrZero: 0,
      positive: 0,
      negative: 0,
      distinct: 0,
      totalLength: 0,
    });
    seen.push(new Set());
  }
  for (const i of rows) {
    const cells = table.records[i] ?? [];
    for (let j = 0; j < width; j++) {
      const s = stats[j];
      if (!s) continue;
      const cell = (cells[j] ?? '').trim();
      if (cell === '') {
        s.emptyOrZero += 1;
        continue;
      }
      s.nonEmpty += 1;
      s.totalLength += cell.length;
      seen[j]?.add(cell);
      s.days.add(cell);
      const amount = tryAmount(cell);
      if (amount !== null) {
        s.numeric += 1;
        if (MONEYISH.test(cell)) s.moneyish += 1;
        if (amount === 0) s.emptyOrZero += 1;
        else if (amount > 0) s.positive += 1;
        else s.negative += 1;
      }
    }
  }
  for (let j = 0; j < width; j++) {
    const s = stats[j];
    if (s) s.distinct = seen[j]?.size ?? 0;
  }
  return stats;
}

const isDayColumn = (s: ColumnStats) => s.nonEmpty > 0 && s.days.share() >= 0.8;
const isNumberColumn = (s: ColumnStats) => s.nonEmpty > 0 && s.numeric / s.nonEmpty >= 0.8;
const isMoneyColumn = (s: ColumnStats) => isNumberColumn(s) && s.moneyish / s.nonEmpty >= 0.5;

function looksLikeHeader(cells: readonly string[]): boolean {
  if (cells.every((c) => c.trim() === '')) return false;
  for (const cell of cells) {
    const c = cell.trim();
    if (c === '') continue;
    if (dayFormatsOf(c).length > 0 || tryAmount(c) !== null) return false;
  }
  return true;
}

type Detection = { mapping: CsvMapping; confident: boolean };

function detectMapping(table: Table, delimiter: Delimiter): Detection {
  const first = table.records[table.start] ?? [];
  const hasHeader = looksLikeHeader(first);
  const width = Math.max(table.width, hasHeader ? first.length : 0);
  const sample = dataIndexes(table, hasHeader, ROLE_SAMPLE_ROWS);
  const stats = columnStats(table, sample, width);
  const rows = sample.length;
  const headers = hasHeader ? first.map(normaliseHeader) : [];
  let confident = rows > 0;

  const taken = new Set<number>();
  const chosen: Partial<Record<Role, number>> = {};
  const fits = (role: Role, j: number): boolean => {
    const s = stats[j];
    if (!s) return false;
    if (role === 'date') return s.nonEmpty > 0 && s.days.share() >= 0.5;
    if (role === 'amount') return isNumberColumn(s) && s.nonEmpty >= rows * 0.8;
    if (role === 'debit' || role === 'credit') return s.nonEmpty === 0 || isNumberColumn(s);
    if (role === 'description') return s.nonEmpty > 0 && !isNumberColumn(s);
    return true;
  };

  // By the header's words first, each checked against what the column holds.
  if (hasHeader) {
    for (const role of ROLE_ORDER) {
      if (role === 'debit' || role === 'credit') {
        if (chosen.amount !== undefined) continue;
      }
      let best = -1;
      let bestRank = Number.POSITIVE_INFINITY;
      for (let j = 0; j < headers.length; j++) {
        if (taken.has(j)) continue;
        const rank = headerRank(role, headers[j] ?? '');
        if (rank < bestRank && fits(role, j)) {
          best = j;
          bestRank = rank;
        }
      }
      if (best !== -1) {
        chosen[role] = best;
        taken.add(best);
      }
    }
  }
  const balanceColumns = new Set(headers.flatMap((h, j) => (BALANCE_HEADER.test(h) ? [j] : [])));

  // Then by content for what the header did not name.
  if (chosen.date === undefined) {
    let best = -1;
    for (let j = 0; j < width; j++) {
      const s = stats[j];
      if (taken.has(j) || !s || !isDayColumn(s)) continue;
      if (best === -1 || s.nonEmpty > (stats[best]?.nonEmpty ?? 0)) best = j;
    }
    if (best !== -1) {
      chosen.date = best;
      taken.add(best);
    }
  }
  if (chosen.amount === undefined && chosen.debit === undefined && chosen.credit === undefined) {
    const money: number[] = [];
    for (let j = 0; j < width; j++) {
      const s = stats[j];
      if (!taken.has(j) && !balanceColumns.has(j) && s && isMoneyColumn(s)) money.push(j);
    }
    const full = money.filter((j) => (stats[j]?.nonEmpty ?? 0) >= rows * 0.9);
    const pair = findDebitCreditPair(table, sample, money, stats);
    if (pair) {
      // Without a header naming them, debit before credit is the common order, but only a guess.
      [chosen.debit, chosen.credit] = pair;
      if (!hasHeader) confident = false;
    } else if (full.length >= 1) {
      chosen.amount = full[0];
      // Two always-filled money columns without a header naming them: one is likely a running balance.
      if (full.length > 1) confident = false;
    }
    for (const j of [chosen.amount, chosen.debit, chosen.credit]) if (j !== undefined) taken.add(j);
  }
  if (chosen.description === undefined) {
    let best = -1;
    let bestScore = -1;
    for (let j = 0; j < width; j++) {
      const s = stats[j];
      if (
        taken.has(j) ||
        balanceColumns.has(j) ||
        !s ||
        s.nonEmpty === 0 ||
        isNumberColumn(s) ||
        isDayColumn(s)
      ) {
        continue;
      }
      const score = s.distinct * (s.totalLength / s.nonEmpty);
      if (score > bestScore) {
        best = j;
        bestScore = score;
      }
    }
    if (best !== -1) {
      chosen.description = best;
      taken.add(best);
    }
  }

  const hasAmount = chosen.amount !== undefined || chosen.debit !== undefined || chosen.credit !== undefined;
  if (chosen.date === undefined || chosen.description === undefined || !hasAmount) confident = false;
  if (
    hasAmount &&
    chosen.amount === undefined &&
    (chosen.debit === undefined || chosen.credit === undefined)
  ) {
    confident = false;
  }

  // The day format and decimal separator from every row, not just the sample.
  const all = dataIndexes(table, hasHeader);
  let dateFormat: DateFormat = 'YYYY-MM-DD';
  if (chosen.date !== undefined) {
    const vote = new DayFormatVote();
    for (const i of all) vote.add(table.records[i]?.[chosen.date] ?? '');
    const found = vote.result();
    if (found) dateFormat = found.format;
    if (!found?.confident) confident = false;
  }
  const decimals = new DecimalVote();
  for (const j of [chosen.amount, chosen.debit, chosen.credit]) {
    if (j === undefined) continue;
    for (const i of all) {
      decimals.add(table.records[i]?.[j] ?? '');
      if (decimals.decided >= DECIDING_VOTES) break;
    }
  }
  const decimalSeparator: DecimalSeparator = decimals.result() ?? (delimiter === ';' ? ',' : '.');

  // A single amount column that is nearly all money in is either a savings account or a card export that writes
  // spending as positive numbers: only the person knows which.
  if (chosen.amount !== undefined) {
    const s = stats[chosen.amount];
    if (s && s.positive + s.negative >= 10 && s.positive >= (s.positive + s.negative) * 0.9)
      confident = false;
  }

  // Roles not found take columns no other role has (a mapping never reads two from one column): the date and
  // description the first free ones, the amount the last.
  const inMapping = new Set(
    [chosen.date, chosen.description, chosen.amount, chosen.debit, chosen.credit].filter(
      (c): c is number => c !== undefined,
    ),
  );
  const columns = Math.max(width, 3);
  const free = (fromEnd: boolean) => {
    for (let k = 0; k < columns; k++) {
      const j = fromEnd ? columns - 1 - k : k;
      if (!inMapping.has(j)) {
        inMapping.add(j);
        return j;
      }
    }
    return columns;
  };
  const date = chosen.date ?? free(false);
  const description = chosen.description ?? free(false);
  const amount = chosen.amount ?? (hasAmount ? null : free(true));
  const mapping: CsvMapping = {
    delimiter,
    hasHeader,
    date,
    description,
    amount,
    debit: chosen.debit ?? null,
    credit: chosen.credit ?? null,
    category: chosen.category ?? null,
    notes: chosen.notes ?? null,
    dateFormat,
    decimalSeparator,
    negateAmount: false,
  };
  return { mapping, confident };
}

/**
 * Two money columns where (nearly) every row fills exactly one, each holding sizes of one sign: a debit and a
 * credit column. (A signed amount column has both signs, so it is never half of a pair.)
 */
function findDebitCreditPair(
  table: Table,
  sample: readonly number[],
  money: readonly number[],
  stats: readonly ColumnStats[],
): [number, number] | null {
  const oneSigned = money.filter((j) => {
    const s = stats[j];
    return s !== undefined && s.positive + s.negative > 0 && (s.positive === 0 || s.negative === 0);
  });
  const filled = (cell: string | undefined) => {
    const c = (cell ?? '').trim();
    return c !== '' && tryAmount(c) !== 0;
  };
  for (let a = 0; a < oneSigned.length; a++) {
    for (let b = a + 1; b < oneSigned.length; b++) {
      const ja = oneSigned[a] as number;
      const jb = oneSigned[b] as number;
      let exactlyOne = 0;
      for (const i of sample) {
        const cells = table.records[i] ?? [];
        if (filled(cells[ja]) !== filled(cells[jb])) exactlyOne += 1;
      }
      if (exactlyOne >= sample.length * 0.9) return [ja, jb];
    }
  }
  return null;
}

function columnNames(table: Table, mapping: CsvMapping): string[] {
  const header = mapping.hasHeader ? (table.records[table.start] ?? []) : [];
  const used = [mapping.date, mapping.description, mapping.amount, mapping.debit, mapping.credit];
  const width = Math.max(table.width, header.length, ...used.map((j) => (j ?? -1) + 1));
  return Array.from({ length: width }, (_, j) => header[j]?.trim() || `Column ${j + 1}`);
}

// ---------------------------------------------------------------------------------------------------------
// Reading the rows

const DATE_FORMAT_WORDS: Record<DateFormat, string> = {
  'YYYY-MM-DD': 'YYYY-MM-DD',
  'MM/DD/YYYY': 'MM/DD/YYYY',
  'DD/MM/YYYY': 'DD/MM/YYYY',
  'DD.MM.YYYY': 'DD.MM.YYYY',
  YYYYMMDD: 'YYYYMMDD',
};

function readRows(
  table: Table,
  mapping: CsvMapping,
  columns: number,
): { rows: ParsedRow[]; errors: RowError[] } {
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  // Rows may stop early when their last cells are empty (a credit column at the end), so only the first amount
  // column is required.
  const amountColumns =
    mapping.amount !== null
      ? [mapping.amount]
      : [mapping.debit, mapping.credit].filter((j): j is number => j !== null);
  const needed = Math.max(mapping.date, mapping.description, Math.min(...amountColumns)) + 1;
  const formatWords = DATE_FORMAT_WORDS[mapping.dateFormat];
  const first = table.start + (mapping.hasHeader ? 1 : 0);
  const reasons: string[] = [];

  for (let i = first; i < table.records.length; i++) {
    const cells = table.records[i] ?? [];
    if (isBlank(cells)) continue;
    const line = table.lines[i] ?? i + 1;
    const broken = table.broken.get(i);
    if (broken) {
      errors.push({ line, reason: broken });
      continue;
    }
    if (cells.length < needed) {
      const n = cells.length;
      errors.push({
        line,
        reason: `the row has ${n} ${n === 1 ? 'column' : 'columns'}, expected ${columns}`,
      });
      continue;
    }
    reasons.length = 0;

    const dateCell = (cells[mapping.date] ?? '').trim();
    const date = dateCell === '' ? null : parseDay(dateCell, mapping.dateFormat);
    if (dateCell === '') reasons.push('the date is empty');
    else if (date === null) reasons.push(`date "${dateCell}" is not a valid ${formatWords} date`);

    const description = cleanText(cells[mapping.description] ?? '');
    if (description === '') reasons.push('the description is empty');

    const amount = rowAmount(cells, mapping, reasons);

    if (reasons.length > 0 || date === null || amount === null) {
      errors.push({ line, reason: reasons.join('; ') });
      continue;
    }
    rows.push({
      line,
      date,
      description,
      merchantName: null,
      amount,
      fitId: null,
      category: mapping.category === null ? null : cleanOptional(cells[mapping.category]),
      note: mapping.notes === null ? null : cleanOptional(cells[mapping.notes]),
    });
  }
  return { rows, errors };
}

function rowAmount(cells: readonly string[], mapping: CsvMapping, reasons: string[]): Cents | null {
  const sep = mapping.decimalSeparator;
  if (mapping.amount !== null) {
    const cell = cells[mapping.amount] ?? '';
    const cents = readAmount(cell, sep);
    if (typeof cents !== 'number') {
      reasons.push(amountProblem(cents, cell, sep, 'amount'));
      return null;
    }
    return mapping.negateAmount && cents !== 0 ? -cents : cents;
  }
  // Debit and credit columns hold sizes (some banks still sign them): debit is money out, credit money in.
  const debitCell = mapping.debit === null ? '' : (cells[mapping.debit] ?? '').trim();
  const creditCell = mapping.credit === null ? '' : (cells[mapping.credit] ?? '').trim();
  if (debitCell === '' && creditCell === '') {
    const both = mapping.debit !== null && mapping.credit !== null;
    reasons.push(
      both
        ? 'the debit and credit are both empty'
        : `the ${mapping.debit !== null ? 'debit' : 'credit'} is empty`,
    );
    return null;
  }
  let total = 0;
  let ok = true;
  for (const [cell, label, sign] of [
    [debitCell, 'debit', -1],
    [creditCell, 'credit', 1],
  ] as const) {
    if (cell === '') continue;
    const cents = readAmount(cell, sep);
    if (typeof cents === 'number') total += sign * Math.abs(cents);
    else {
      reasons.push(amountProblem(cents, cell, sep, label));
      ok = false;
    }
  }
  if (!ok) return null;
  return total === 0 ? 0 : total;
}

// ---------------------------------------------------------------------------------------------------------
// Entry points

export type CsvDetection = {
  mapping: CsvMapping;
  columns: string[];
  sampleRows: string[][];
  confident: boolean;
};

function sampleOf(table: Table, hasHeader: boolean): string[][] {
  return dataIndexes(table, hasHeader, SAMPLE_ROWS).map((i) => table.records[i] ?? []);
}

function tableOf(content: string, delimiter: Delimiter): Table {
  const table = readTable(content, delimiter);
  if (dataIndexes(table, false).length > MAX_IMPORT_ROWS + 1) throw tooManyRows();
  if (table.start >= table.records.length) {
    throw new ImportFileError(
      table.records.some((r) => !isBlank(r))
        ? 'The file has only one column: it does not look like a CSV statement'
        : 'The file is empty',
    );
  }
  if (table.width > MAX_CSV_COLUMNS || (table.records[table.start]?.length ?? 0) > MAX_CSV_COLUMNS) {
    throw new ImportFileError(
      `The file has more than ${MAX_CSV_COLUMNS} columns: it does not look like a bank statement`,
    );
  }
  return table;
}

/**
 * Guesses how a CSV statement is laid out: delimiter, header, which column is what, the day format and decimal
 * separator. `confident` is false when a guess could as well have gone another way (dates that never show a day
 * above 12, columns found by content alone that have rivals, amounts that are nearly all positive…).
 */
export function detectCsvMapping(content: string): CsvDetection {
  content = content.startsWith('\uFEFF') ? content.slice(1) : content;
  refuseLongLines(content);
  const delimiter = detectDelimiter(content);
  const table = tableOf(content, delimiter);
  const { mapping, confident } = detectMapping(table, delimiter);
  return {
    mapping,
    columns: columnNames(table, mapping),
    sampleRows: sampleOf(table, mapping.hasHeader),
    confident,
  };
}

export type CsvParse = CsvDetection & { rows: ParsedRow[]; errors: RowError[] };

/** Reads a CSV statement with the given mapping, or a detected one. */
export function parseCsv(content: string, given?: CsvMapping): CsvParse {
  content = content.startsWith('\uFEFF') ? content.slice(1) : content;
  refuseLongLines(content);
  const delimiter = given?.delimiter ?? detectDelimiter(content);
  const table = tableOf(content, delimiter);
  const { mapping, confident } = given
    ? { mapping: given, confident: true }
    : detectMapping(table, delimiter);
  const columns = columnNames(table, mapping);
  const sampleRows = sampleOf(table, mapping.hasHeader);
  if (sampleRows.length === 0) {
    throw new ImportFileError('The file has a header row but no transactions');
  }
  const { rows, errors } = readRows(table, mapping, columns.length);
  return { mapping, columns, sampleRows, confident, rows, errors };
}
