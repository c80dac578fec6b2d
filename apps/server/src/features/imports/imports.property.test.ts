import { addDays } from '@tally/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { csvOf, importOk, insertManualAccount, MANY_ON_ONE_ADDRESS, storedRows } from '../../../test/imports';

/**
 * Statements of one account downloaded over and over, overlapping, in any order: the account ends up with
 * exactly the rows of the days covered, each as many times as the bank listed it (two identical coffees on
 * one day stay two), and nothing twice. Banks cut statements by days, so slices here are day ranges.
 */

let app: TestApp;
beforeAll(async () => {
  // Forty people sign up in a few seconds here, and import from the test's one address.
  app = await createTestApp({
    runJobs: false,
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...MANY_ON_ONE_ADDRESS },
  });
});
afterAll(() => app.close());

const FIRST_DAY = '2026-03-01';
const DAYS = 12;

/** A small pool, so the same description and amount often come twice on one day. */
const purchase = fc.record({
  description: fc.constantFrom('BLUE BOTTLE COFFEE', 'SAFEWAY #1234', 'UBER TRIP', 'REFUND AMAZON'),
  cents: fc.constantFrom(-350, -350, -1299, 2500, -1),
});

const statement = fc.array(fc.array(purchase, { maxLength: 4 }), { minLength: DAYS, maxLength: DAYS });
const slice = fc
  .record({ from: fc.nat(DAYS - 1), length: fc.integer({ min: 1, max: DAYS }), newestFirst: fc.boolean() })
  .map(({ from, length, newestFirst }) => ({ from, to: Math.min(DAYS - 1, from + length - 1), newestFirst }));

const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

it('importing overlapping slices of one statement, in any order, leaves exactly their union', async () => {
  await fc.assert(
    fc.asyncProperty(statement, fc.array(slice, { minLength: 1, maxLength: 5 }), async (days, slices) => {
      // A person per run: each starts with nothing, and stays within the per-person import rate.
      const auth = await signUp(app);
      const accountId = await insertManualAccount(app, auth.user.id);
      const rowsOf = (from: number, to: number) =>
        days.flatMap((day, i) =>
          i >= from && i <= to
            ? day.map((p) => [addDays(FIRST_DAY, i), p.description, dollars(p.cents)] as const)
            : [],
        );
      let added = 0;
      for (const s of slices) {
        const rows = rowsOf(s.from, s.to);
        if (rows.length === 0) continue;
        const content = csvOf(s.newestFirst ? [...rows].reverse() : rows);
        added += (await importOk(app, auth, { accountId, content })).imported;
      }
      const covered = new Set(
        slices.flatMap((s) => Array.from({ length: s.to - s.from + 1 }, (_, k) => s.from + k)),
      );
      const expected = days
        .flatMap((day, i) =>
          covered.has(i) ? day.map((p) => `${addDays(FIRST_DAY, i)}|${p.cents}|${p.description}`) : [],
        )
        .sort();
      const stored = await storedRows(app, auth.user.id, accountId);
      expect([...stored].sort()).toEqual(expected);
      expect(added).toBe(expected.length);
      // Any of the slices once more adds nothing.
      const [again] = slices;
      const rows = again ? rowsOf(again.from, again.to) : [];
      if (rows.length > 0) {
        expect((await importOk(app, auth, { accountId, content: csvOf(rows) })).imported).toBe(0);
      }
    }),
    { numRuns: 40, seed: 20_261_201 },
  );
  // Six seconds alone; forty imports share two cores with the rest of the suite in CI.
}, 120_000);
