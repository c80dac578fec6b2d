import { WHITESPACE } from '@tally/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * normaliseText (packages/shared/src/text.ts: white space collapsed and trimmed, lower case) in SQL, for
 * comparing a column with text normalised in JavaScript.
 *
 * Lower-casing is where SQL and JavaScript could part: PostgreSQL's lower() follows the database's locale.
 * So SQL lower-cases ASCII only (COLLATE "C", the same on every server), after turning the only two
 * characters whose JavaScript lower case is ASCII into it (İ → i + combining dot, Kelvin sign → k). Then
 * every ASCII character of the normalised text is the same in SQL and JavaScript, and the texts have the
 * same length; they differ only in other letters, which SQL leaves in their original case. Hence:
 * - a text of ASCII only matches in SQL exactly when it matches in JavaScript, and
 * - a text with other letters is matched in SQL with `_` (any one character) in their place, a superset
 *   that the caller narrows, row by row in JavaScript, to the exact answer.
 * White space is the same set on both sides: JavaScript's, written out as WHITESPACE.
 */

const WHITESPACE_RUNS = `[${WHITESPACE}]+`;

/** The column lower-cased as normaliseText does for ASCII (see above), white space left as it is. */
export function loweredSql(column: AnyPgColumn): SQL {
  return sql`lower(translate(replace(${column}, ${'\u0130'}, ${'i\u0307'}), ${'\u212a'}, 'k') collate "C")`;
}

/** normaliseText(column) in SQL, with ASCII-only lower case (see above). */
export function normalisedSql(column: AnyPgColumn): SQL {
  return sql`btrim(regexp_replace(${loweredSql(column)}, ${WHITESPACE_RUNS}, ' ', 'g'), ' ')`;
}

/**
 * A normalised text as the body of a LIKE pattern (escape character backslash, LIKE's default) that
 * normalisedSql(column) matches: `%`, `_` and `\` escaped, each letter beyond ASCII `_`. `exact` when
 * there was none, so a match needs no check in JavaScript.
 */
export function likeBody(normalised: string): { body: string; exact: boolean } {
  let body = '';
  let exact = true;
  for (const char of normalised) {
    if ((char.codePointAt(0) ?? 0) < 0x80) {
      body += char === '\\' || char === '%' || char === '_' ? `\\${char}` : char;
    } else {
      body += '_';
      exact = false;
    }
  }
  return { body, exact };
}
