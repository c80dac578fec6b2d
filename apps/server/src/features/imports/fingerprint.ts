import { hash } from 'node:crypto';
import type { ParsedRow } from '@tally/shared';

/*
 * The providerTransactionId of each file row, so importing the same rows again (the same file twice, or two
 * statements whose dates overlap) finds them already stored. Only the server makes keys, so it hashes with
 * node:crypto's one-shot hash (a 50,000-row file in ~50 ms; a hash object per row took three times that).
 */

/**
 * Lower case, runs of whitespace made one space, trimmed. Written here rather than shared with rule matching:
 * stored keys depend on it, so it must never change with how rules compare text.
 */
const normaliseDescription = (description: string) =>
  description.toLowerCase().replace(WHITESPACE, ' ').trim();
const WHITESPACE = /\s+/g;
const MAX_FITID = 255;
const hex = (text: string) => hash('sha256', text, 'hex');

/**
 * OFX rows with a FITID: 'file:<accountId>:ofx:<FITID>' (a FITID the bank repeats within the file gets ':2', ':3'…
 * so no two rows share a key). Other rows: 'file:<accountId>:fp:<sha256 hex of date|amountCents|normalised
 * description|occurrence>', where occurrence counts the rows of this file with the same day, amount and description
 * (1, 2, …): two identical coffees on one day stay two transactions, and a later file with the same day gives them
 * the same two keys.
 */
export function fingerprintKeys(accountId: string, rows: readonly ParsedRow[]): string[] {
  const occurrences = new Map<string, number>();
  return rows.map((row) => {
    if (row.fitId) {
      // A FITID is short (OFX allows 255); a longer one is kept as its hash, so the key always fits an index.
      const fitId = row.fitId.length > MAX_FITID ? `h:${hex(row.fitId)}` : row.fitId;
      const n = (occurrences.get(`ofx|${fitId}`) ?? 0) + 1;
      occurrences.set(`ofx|${fitId}`, n);
      return `file:${accountId}:ofx:${fitId}${n > 1 ? `:${n}` : ''}`;
    }
    const identity = `${row.date}|${row.amount}|${normaliseDescription(row.description)}`;
    const n = (occurrences.get(identity) ?? 0) + 1;
    occurrences.set(identity, n);
    return `file:${accountId}:fp:${hex(`${identity}|${n}`)}`;
  });
}
