import type { ImportResult } from '@tally/shared';

/** '1 row', '1,204 transactions'. */
export const plural = (n: number, one: string, many = `${one}s`) =>
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
