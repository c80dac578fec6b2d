import {
  categoryName,
  dollarsToCents,
  MAX_RULES,
  type MatchRule,
  type Rule,
  type RulePreview,
  type ruleBody,
} from '@tally/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, found, notFound } from '../../lib/errors';
import { ruleMatchCondition } from './match-sql';
import {
  applyToMatches,
  countRules,
  deleteRule as deleteRuleRow,
  getOwnAccount,
  getRule,
  insertRule,
  listRules as listRuleRows,
  previewMatches,
  type RuleRow,
  type RuleValues,
  renumberRules,
  setRuleOrder,
  updateRule as updateRuleRow,
  withRulesLock,
} from './rules.queries';

export type RulesDeps = { db: Db; now: () => Date };
type Body = z.output<typeof ruleBody>;

export const RULE_NOT_FOUND = 'Rule not found';
export const ACCOUNT_NOT_FOUND = 'Account not found';
export const RULE_LIMIT = `You can have at most ${MAX_RULES} rules`;
export const BAD_ORDER = 'The new order must list each of your rules exactly once';

/** The rule as the API answers it: amounts in dollars. */
export function ruleView(row: RuleRow): Rule {
  return {
    id: row.id,
    position: row.position,
    field: row.field,
    operator: row.operator,
    pattern: row.pattern,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    accountId: row.accountId,
    accountName: row.accountName,
    setCategory: row.setCategory,
    setCategoryName: row.setCategory === null ? null : categoryName(row.setCategory),
    renameMerchant: row.renameMerchant,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The body as stored: cents inside. An account must be one of the person's own (else 404, like its id). */
async function valuesOf(db: Db, { userId, body }: { userId: string; body: Body }): Promise<RuleValues> {
  if (body.accountId !== null && !(await getOwnAccount(db, { userId, accountId: body.accountId }))) {
    throw notFound(ACCOUNT_NOT_FOUND);
  }
  return {
    field: body.field,
    operator: body.operator,
    pattern: body.pattern,
    minAmount: body.minAmount === null ? null : dollarsToCents(body.minAmount),
    maxAmount: body.maxAmount === null ? null : dollarsToCents(body.maxAmount),
    accountId: body.accountId,
    setCategory: body.setCategory,
    renameMerchant: body.renameMerchant,
  };
}

/** One of the person's rules, or 404. */
async function ownRule(db: Db, { userId, ruleId }: { userId: string; ruleId: string }): Promise<RuleRow> {
  const row = await getRule(db, { userId, ruleId });
  return found(row, RULE_NOT_FOUND);
}

/**
 * The person's rules in order, numbered 0..n-1 as they stand (deleting an account deletes its rules with
 * it, leaving a gap in the stored positions until the next change closes it).
 */
export async function listRules(deps: RulesDeps, userId: string): Promise<Rule[]> {
  return (await listRuleRows(deps.db, { userId })).map((row, index) => ruleView({ ...row, position: index }));
}

/** A new rule goes last: it applies after the person's others. */
export async function createRule(deps: RulesDeps, userId: string, body: Body): Promise<Rule> {
  const id = await withRulesLock(deps.db, userId, async (tx) => {
    const values = await valuesOf(tx, { userId, body });
    const count = await countRules(tx, { userId });
    if (count >= MAX_RULES) throw badRequest(RULE_LIMIT, 'RULE_LIMIT');
    await renumberRules(tx, { userId, now: deps.now() });
    return insertRule(tx, { userId, position: count, values, now: deps.now() });
  });
  return ruleView(await ownRule(deps.db, { userId, ruleId: id }));
}

/** Every field the body gives; the rule keeps its place. */
export async function updateRule(deps: RulesDeps, userId: string, ruleId: string, body: Body): Promise<Rule> {
  await withRulesLock(deps.db, userId, async (tx) => {
    await ownRule(tx, { userId, ruleId });
    const values = await valuesOf(tx, { userId, body });
    await updateRuleRow(tx, { userId, ruleId, values, now: deps.now() });
    await renumberRules(tx, { userId, now: deps.now() });
  });
  return ruleView(await ownRule(deps.db, { userId, ruleId }));
}

/** Deletes the rule; the ones after it move up, so positions stay 0..n-1. */
export async function deleteRule(deps: RulesDeps, userId: string, ruleId: string): Promise<void> {
  await withRulesLock(deps.db, userId, async (tx) => {
    if (!(await deleteRuleRow(tx, { userId, ruleId }))) throw notFound(RULE_NOT_FOUND);
    await renumberRules(tx, { userId, now: deps.now() });
  });
}

/** `ids` must be exactly the person's rules, each once, in the order they should apply. */
export async function reorderRules(deps: RulesDeps, userId: string, ids: string[]): Promise<Rule[]> {
  await withRulesLock(deps.db, userId, async (tx) => {
    const current = await listRuleRows(tx, { userId });
    const given = new Set(ids);
    const same =
      given.size === ids.length && ids.length === current.length && current.every((row) => given.has(row.id));
    if (!same) throw badRequest(BAD_ORDER, 'VALIDATION_ERROR');
    await setRuleOrder(tx, { userId, ids, now: deps.now() });
  });
  return listRules(deps, userId);
}

const matchRuleOf = (row: RuleRow): MatchRule => row;

/** What applying the rule to past transactions would do: counts, and the newest ten rows it would change. */
export async function previewRule(deps: RulesDeps, userId: string, ruleId: string): Promise<RulePreview> {
  const rule = matchRuleOf(await ownRule(deps.db, { userId, ruleId }));
  const matched = await ruleMatchCondition(deps.db, { userId, rule });
  const { matching, changing, examples } = await previewMatches(deps.db, { rule, matched });
  return {
    matching,
    changing,
    examples: examples.map((row) => {
      const toCategory =
        rule.setCategory !== null && row.categorySource !== 'user' ? rule.setCategory : row.category;
      return {
        id: row.id,
        date: row.date,
        description: row.description,
        merchantName: row.merchantName,
        amount: row.amount,
        fromCategoryName: categoryName(row.category),
        toCategoryName: categoryName(toCategory),
        toMerchantName: rule.renameMerchant ?? row.merchantName,
      };
    }),
  };
}

/** Applies the rule to the person's past live transactions, in one database transaction. */
export async function applyRule(
  deps: RulesDeps,
  userId: string,
  ruleId: string,
): Promise<{ changed: number }> {
  const changed = await deps.db.transaction(async (tx) => {
    const rule = matchRuleOf(await ownRule(tx, { userId, ruleId }));
    const matched = await ruleMatchCondition(tx, { userId, rule });
    return applyToMatches(tx, { rule, matched, now: deps.now() });
  });
  return { changed };
}
