import { type MatchRule, normaliseText, type RuleOperator, ruleMatches } from '@tally/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { likeBody, loweredSql, normalisedSql } from '../../lib/normalised-text-sql';

/*
 * A rule's match, in SQL, with exactly the meaning of ruleMatches (packages/shared/src/rules/match.ts):
 * text compared after normaliseText (white space collapsed and trimmed, lower case) with contains,
 * startsWith or equals; amounts by size; optionally one account. How the normalised text is compared in
 * SQL, exactly for ASCII and as a superset that ruleMatches narrows otherwise: lib/normalised-text-sql.ts.
 */

export type LikePattern = {
  /** For the normalised text: the rule's own test. */
  like: string;
  /**
   * For the lowered text before white space is collapsed: the pattern's words in order. Every row the rule
   * matches passes it, and it is cheap, so the regular expression runs only on the rows that pass.
   */
  words: string;
  /** ASCII only: `like` decides exactly, with nothing left to confirm in code. */
  exact: boolean;
};

/**
 * The LIKE patterns (escape character backslash) for a rule's text; null when the pattern is nothing but
 * white space, which matches nothing.
 */
export function likePattern(operator: RuleOperator, pattern: string): LikePattern | null {
  const text = normaliseText(pattern);
  if (text === '') return null;
  const { body, exact } = likeBody(text);
  const like = operator === 'contains' ? `%${body}%` : operator === 'startsWith' ? `${body}%` : body;
  return { like, words: `%${body.split(' ').join('%')}%`, exact };
}

const t = transactions;

/** The person's live transactions a rule may match: exact when `exact`, else a superset to confirm in code. */
export function ruleFilter(userId: string, rule: MatchRule): { where: SQL; exact: boolean } {
  const pattern = likePattern(rule.operator, rule.pattern);
  const matches = (column: AnyPgColumn) =>
    pattern
      ? sql`(${loweredSql(column)} like ${pattern.words} escape '\\' and ${normalisedSql(column)} like ${pattern.like} escape '\\')`
      : sql`false`;
  const text =
    rule.field === 'description'
      ? matches(t.description)
      : rule.field === 'merchant'
        ? matches(t.merchantName)
        : sql`(${matches(t.description)} or ${matches(t.merchantName)})`;
  const where = and(
    eq(t.userId, userId),
    isNull(t.deletedAt),
    rule.accountId !== null ? eq(t.accountId, rule.accountId) : undefined,
    rule.minAmount !== null ? sql`abs(${t.amount}) >= ${rule.minAmount}` : undefined,
    rule.maxAmount !== null ? sql`abs(${t.amount}) <= ${rule.maxAmount}` : undefined,
    text,
  ) as SQL;
  return { where, exact: pattern?.exact ?? true };
}

/**
 * How many candidate rows a pattern with non-ASCII letters may bring back to be checked in code. Each such
 * letter is `_` in SQL and no index narrows a contains match, so a pattern of a few such letters makes
 * nearly every transaction of the person a candidate: all of them would be read into memory, and their ids
 * sent back in one array. Far above what a real rule over a few years of banking finds.
 */
export const MAX_RULE_CANDIDATES = 20_000;

export const RULE_TOO_BROAD =
  'This rule would have to check too many transactions: add more letters, an account or an amount to it';

/**
 * The condition naming exactly the person's live transactions the rule matches. ASCII patterns are all SQL;
 * otherwise SQL finds the candidates and ruleMatches decides, and the answer names the rows by id. A
 * pattern with more candidates than `maxCandidates` is refused (400) rather than read whole.
 */
export async function ruleMatchCondition(
  db: Db,
  {
    userId,
    rule,
    maxCandidates = MAX_RULE_CANDIDATES,
  }: { userId: string; rule: MatchRule; maxCandidates?: number },
): Promise<SQL> {
  const { where, exact } = ruleFilter(userId, rule);
  if (exact) return where;
  const candidates = await db
    .select({
      id: t.id,
      accountId: t.accountId,
      description: t.description,
      merchantName: t.merchantName,
      amount: t.amount,
    })
    .from(t)
    .where(where)
    .limit(maxCandidates + 1);
  if (candidates.length > maxCandidates) throw badRequest(RULE_TOO_BROAD, 'RULE_TOO_BROAD');
  const ids = candidates.filter((row) => ruleMatches(rule, row)).map((row) => row.id);
  return and(eq(t.userId, userId), isNull(t.deletedAt), sql`${t.id} = any(${sql.param(ids)}::uuid[])`) as SQL;
}
