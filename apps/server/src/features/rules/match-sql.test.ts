import {
  ACCOUNT_TYPE,
  CATEGORY,
  type MatchRule,
  type RuleField,
  type RuleOperator,
  ruleMatches,
} from '@tally/shared';
import type { SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { bankAccounts, bankConnections, transactions, users } from '../../db/schema';
import { type LikePattern, likePattern, RULE_TOO_BROAD, ruleFilter, ruleMatchCondition } from './match-sql';

// The SQL of a rule's match against ruleMatches (packages/shared/src/rules/match.ts), on the real database
// (PGlite, or PostgreSQL with TEST_DATABASE_URL): the same rows, for a table of awkward cases and for
// random texts and patterns made of the characters where SQL and JavaScript could differ.

let database: Database;
let userId: string;
let checking: string;
let savings: string;
type Row = {
  id: string;
  accountId: string;
  description: string;
  merchantName: string | null;
  amount: number;
};
let rows: Row[] = [];

/** Characters where LIKE, lower() or white space could part from JavaScript. */
const TRICKY = [
  'a',
  'B',
  'c',
  'i',
  'I',
  'k',
  'K',
  '\u0130', // İ: lower case is i + combining dot
  '\u212a', // Kelvin sign: lower case is k
  '\u0307',
  'É',
  'é',
  'Σ',
  'σ',
  'ς',
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  '\u0085', // not white space to JavaScript
  '%',
  '_',
  '\\',
  "'",
];

const TABLE_TEXTS: Array<[string, string | null]> = [
  ['BLUE BOTTLE COFFEE #12', 'Blue Bottle'],
  ['  blue\t\tbottle  ', null],
  ['100% JUICE', null],
  ['100X JUICE', null],
  ['A_B SHOP', 'a_b'],
  ['AXB SHOP', 'axb'],
  ['BACK\\SLASH', null],
  ['BACKXSLASH', null],
  ['CAFÉ DU MONDE', 'Café du Monde'],
  ['cafe du monde', null],
  ['İSTANBUL KEBAB', null],
  ['\u212aELVIN TOOLS', null],
  ['ΟΔΟΣ', null],
  ['\u00a0NBSP\u3000SPACES\u00a0', null],
  ['NEL\u0085HERE', null],
  ["O'REILLY BOOKS", null],
  ['', 'Only Merchant'],
  ['   ', null],
];

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ email: 'match@example.com', firstName: 'M', lastName: 'S' })
    .returning({ id: users.id });
  userId = user!.id;
  const [connection] = await db
    .insert(bankConnections)
    .values({
      userId,
      provider: 'manual',
      itemId: 'manual',
      institutionName: 'Manual accounts',
      accessTokenEncrypted: '',
    })
    .returning({ id: bankConnections.id });
  const accounts = await db
    .insert(bankAccounts)
    .values(
      ['checking', 'savings'].map((name) => ({
        userId,
        connectionId: connection!.id,
        providerAccountId: name,
        name,
        type: ACCOUNT_TYPE.Depository,
      })),
    )
    .returning({ id: bankAccounts.id });
  [checking, savings] = accounts.map((a) => a.id) as [string, string];

  const random = fc.sample(
    fc.tuple(
      fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 10 }),
      fc.option(fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 8 }), { freq: 3 }),
    ),
    { numRuns: 400, seed: 20_261_121 },
  );
  const texts = [...TABLE_TEXTS, ...random];
  const values = texts.map(([description, merchantName], i) => ({
    userId,
    accountId: i % 3 === 0 ? savings : checking,
    providerTransactionId: `match:${i}`,
    date: '2026-11-01',
    description,
    merchantName,
    amount: (i % 2 === 0 ? -1 : 1) * (100 + i * 7),
    category: CATEGORY.Uncategorized,
  }));
  rows = await db.insert(transactions).values(values).returning({
    id: transactions.id,
    accountId: transactions.accountId,
    description: transactions.description,
    merchantName: transactions.merchantName,
    amount: transactions.amount,
  });
  // A deleted row that every rule would match: never counted.
  await db.insert(transactions).values({
    ...values[0]!,
    providerTransactionId: 'match:deleted',
    deletedAt: new Date(),
  });
});
afterAll(() => database.close());

const rule = (overrides: Partial<MatchRule>): MatchRule => ({
  field: 'either',
  operator: 'contains',
  pattern: 'x',
  minAmount: null,
  maxAmount: null,
  accountId: null,
  setCategory: 21,
  renameMerchant: null,
  ...overrides,
});

const idsWhere = async (where: SQL) =>
  (await database.db.select({ id: transactions.id }).from(transactions).where(where)).map((r) => r.id).sort();

const expectedIds = (r: MatchRule) =>
  rows
    .filter((row) => ruleMatches(r, row))
    .map((row) => row.id)
    .sort();

describe('likePattern', () => {
  it.each<[RuleOperator, string, LikePattern | null]>([
    ['contains', 'Blue  Bottle', { like: '%blue bottle%', words: '%blue%bottle%', exact: true }],
    ['startsWith', ' 100% ', { like: '100\\%%', words: '%100\\%%', exact: true }],
    ['equals', 'a_b', { like: 'a\\_b', words: '%a\\_b%', exact: true }],
    ['contains', 'back\\slash', { like: '%back\\\\slash%', words: '%back\\\\slash%', exact: true }],
    ['equals', 'Café  au\tlait', { like: 'caf_ au lait', words: '%caf_%au%lait%', exact: false }],
    ['contains', '\u0130', { like: '%i_%', words: '%i_%', exact: false }],
    ['contains', '  \t ', null],
  ])('%s %j → %j', (operator, pattern, expected) => {
    expect(likePattern(operator, pattern)).toEqual(expected);
  });
});

describe('a rule in SQL matches what ruleMatches matches', () => {
  const cases: Array<[RuleOperator, RuleField, string]> = [
    ['contains', 'either', 'blue bottle'],
    ['contains', 'description', 'BLUE   BOTTLE'],
    ['equals', 'description', 'blue bottle'],
    ['equals', 'merchant', 'blue bottle'],
    ['startsWith', 'either', 'blue'],
    ['contains', 'either', '%'],
    ['contains', 'either', '100%'],
    ['contains', 'either', '_'],
    ['contains', 'either', 'a_b'],
    ['equals', 'merchant', 'a_b'],
    ['contains', 'either', '\\'],
    ['contains', 'either', 'back\\slash'],
    ['contains', 'either', "o'reilly"],
    ['contains', 'either', 'café'],
    ['contains', 'either', 'CAFÉ'],
    ['contains', 'either', 'cafe'],
    ['contains', 'either', 'istanbul'],
    ['contains', 'either', 'i\u0307stanbul'],
    ['contains', 'either', '\u0130STANBUL'],
    ['startsWith', 'either', 'kelvin'],
    ['contains', 'either', 'οδος'],
    ['equals', 'either', 'οδος'],
    ['equals', 'either', 'οδοσ'],
    ['equals', 'either', 'nbsp spaces'],
    ['contains', 'either', 'nel'],
    ['contains', 'either', 'nel here'],
    ['equals', 'either', 'only merchant'],
    ['contains', 'description', 'only'],
  ];

  it.each(cases)('%s on %s: %j', async (operator, field, pattern) => {
    const r = rule({ operator, field, pattern });
    const { where, exact } = ruleFilter(userId, r);
    const fromFilter = await idsWhere(where);
    const exactIds = expectedIds(r);
    if (exact) expect(fromFilter).toEqual(exactIds);
    else expect(fromFilter).toEqual(expect.arrayContaining(exactIds));
    expect(await idsWhere(await ruleMatchCondition(database.db, { userId, rule: r }))).toEqual(exactIds);
  });

  it('the table finds something for most cases (it tests matches, not only misses)', async () => {
    const found = cases.filter(
      ([operator, field, pattern]) => expectedIds(rule({ operator, field, pattern })).length > 0,
    );
    expect(found.length).toBeGreaterThan(cases.length * 0.7);
  });

  it('agrees on random texts and patterns, with accounts and amounts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          operator: fc.constantFrom<RuleOperator>('contains', 'startsWith', 'equals'),
          field: fc.constantFrom<RuleField>('description', 'merchant', 'either'),
          pattern: fc.oneof(
            fc.string({ unit: fc.constantFrom(...TRICKY), minLength: 1, maxLength: 4 }),
            // Patterns cut from the stored texts, so that matches are common.
            fc.nat().chain((n) => {
              const text = rows[n % rows.length]!.description;
              return fc
                .tuple(fc.nat(text.length), fc.nat(text.length))
                .map(([a, b]) => text.slice(Math.min(a, b), Math.max(a, b) + 1));
            }),
          ),
          minAmount: fc.option(fc.integer({ min: 0, max: 3000 }), { freq: 4 }),
          maxAmount: fc.option(fc.integer({ min: 0, max: 3000 }), { freq: 4 }),
          accountId: fc.constantFrom<string | null>(null, null, 'checking', 'savings'),
        }),
        async (given) => {
          const accountId =
            given.accountId === null ? null : given.accountId === 'checking' ? checking : savings;
          const r = rule({ ...given, accountId });
          const { where, exact } = ruleFilter(userId, r);
          const exactIds = expectedIds(r);
          if (exact) expect(await idsWhere(where)).toEqual(exactIds);
          expect(await idsWhere(await ruleMatchCondition(database.db, { userId, rule: r }))).toEqual(
            exactIds,
          );
        },
      ),
      { numRuns: 150, seed: 20_261_121 },
    );
  });
});

describe('the work a pattern may ask for', () => {
  it('refuses a non-ASCII pattern with more candidates than the cap, instead of reading them all', async () => {
    // One non-ASCII letter is `_` in SQL: nearly every row with a character is a candidate.
    const broad = rule({ pattern: 'é' });
    const candidates = (await idsWhere(ruleFilter(userId, broad).where)).length;
    expect(candidates).toBeGreaterThan(100);
    await expect(
      ruleMatchCondition(database.db, { userId, rule: broad, maxCandidates: 100 }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'RULE_TOO_BROAD',
      message: RULE_TOO_BROAD,
    });
    // Within the cap it answers exactly as before.
    expect(
      await idsWhere(
        await ruleMatchCondition(database.db, { userId, rule: broad, maxCandidates: candidates }),
      ),
    ).toEqual(expectedIds(broad));
  });
});
