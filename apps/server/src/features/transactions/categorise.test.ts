import { CATEGORY } from '@tally/shared';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { merchantCategories, transactionRules, users } from '../../db/schema';
import { type CategoriseInput, loadCategoriser } from './categorise';

let database: Database;
let userId: string;
let otherId: string;

const rule = (position: number, values: Partial<typeof transactionRules.$inferInsert>) => ({
  userId,
  position,
  field: 'either' as const,
  operator: 'contains' as const,
  pattern: 'x',
  ...values,
});

const tx = (overrides: Partial<CategoriseInput> = {}): CategoriseInput => ({
  accountId: '00000000-0000-4000-8000-000000000001',
  description: 'SQ *CORNER DELI 0412',
  merchantName: 'Corner Deli',
  amount: -1250,
  ...overrides,
});

beforeAll(async () => {
  database = await createTestDatabase();
  const made = await database.db
    .insert(users)
    .values([
      { email: 'c1@example.com', firstName: 'C', lastName: 'One' },
      { email: 'c2@example.com', firstName: 'C', lastName: 'Two' },
    ])
    .returning({ id: users.id });
  [userId, otherId] = made.map((u) => u.id) as [string, string];
  await database.db.insert(transactionRules).values([
    // Stored out of order: position decides.
    rule(1, { pattern: 'deli', setCategory: CATEGORY.Groceries }),
    rule(0, { pattern: 'corner deli', field: 'merchant', renameMerchant: 'The Corner Deli' }),
    rule(2, { pattern: 'sq *', operator: 'startsWith', setCategory: CATEGORY.Shopping, minAmount: 5000 }),
    { ...rule(0, { pattern: 'deli', setCategory: CATEGORY.Travel }), userId: otherId },
  ]);
  await database.db.insert(merchantCategories).values([
    { userId, merchantKey: 'the corner deli', category: CATEGORY.DiningOut },
    { userId, merchantKey: 'blue bottle', category: CATEGORY.Entertainment },
    { userId, merchantKey: 'sq *bakery 9', category: CATEGORY.Gifts },
  ]);
});
afterAll(() => database.close());

describe('loadCategoriser', () => {
  it.each<[string, Partial<CategoriseInput>, { category: number | null; merchantName: string | null }]>([
    [
      'rules in their order: the first category, the rename',
      {},
      {
        category: CATEGORY.Groceries,
        merchantName: 'The Corner Deli',
      },
    ],
    [
      'a rule bounded by amount',
      { description: 'SQ *BIG SHOP', merchantName: null, amount: -6000 },
      {
        category: CATEGORY.Shopping,
        merchantName: null,
      },
    ],
    [
      'below the bound, the merchant memory',
      { description: 'SQ *BAKERY 9', merchantName: null, amount: -600 },
      {
        category: CATEGORY.Gifts,
        merchantName: null,
      },
    ],
    [
      'the memory of a merchant by name',
      { description: 'BLUE BOTTLE #4', merchantName: 'Blue  Bottle' },
      {
        category: CATEGORY.Entertainment,
        merchantName: null,
      },
    ],
    [
      'nothing known',
      { description: 'NEW PLACE', merchantName: 'New Place' },
      {
        category: null,
        merchantName: null,
      },
    ],
  ])('%s', async (_, input, expected) => {
    const categorise = await loadCategoriser(database.db, { userId });
    expect(categorise(tx(input))).toEqual(expected);
  });

  it('looks the memory up under the name a rule gives the merchant', async () => {
    // Only the person's first rule (the rename) is left.
    await database.db
      .delete(transactionRules)
      .where(and(eq(transactionRules.userId, userId), ne(transactionRules.position, 0)));
    const categorise = await loadCategoriser(database.db, { userId });
    expect(categorise(tx())).toEqual({ category: CATEGORY.DiningOut, merchantName: 'The Corner Deli' });
  });

  it("uses only the person's own rules and memory", async () => {
    const categorise = await loadCategoriser(database.db, { userId: otherId });
    expect(categorise(tx({ description: 'BLUE BOTTLE', merchantName: 'Blue Bottle' }))).toEqual({
      category: null,
      merchantName: null,
    });
    expect(categorise(tx()).category).toBe(CATEGORY.Travel);
  });
});
