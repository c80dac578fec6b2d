import { ACCOUNT_TYPE } from '@tally/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BankProvider, ProviderTransaction, SyncPage } from '../types';
import { dayNumber, isoDay } from './calendar';
import { DEMO_INSTITUTIONS, type DemoInstitutionId } from './catalogue';
import { createDemoProvider, DemoBankError } from './demo-bank';
import { createDemoBank } from './generator';

const DAY = '2026-11-22';
const DAY_MS = 86_400_000;

/** A clock pinned to mid-afternoon UTC of a day, moved by hand. */
function clockAt(day: string) {
  let current = new Date(`${day}T15:30:00Z`);
  return {
    now: () => current,
    advance(days: number) {
      current = new Date(current.getTime() + days * DAY_MS);
    },
    today: () => current.toISOString().slice(0, 10),
  };
}

async function connect(provider: BankProvider, institutionId?: string) {
  return provider.exchangePublicToken(await provider.createSandboxPublicToken(institutionId));
}

/** Pages until hasMore is false, as the importer does. */
async function syncAll(provider: BankProvider, accessToken: string, cursor: string | null, count?: number) {
  const pages: SyncPage[] = [];
  let next = cursor;
  for (;;) {
    const page = await provider.syncTransactions(accessToken, next, count === undefined ? {} : { count });
    pages.push(page);
    next = page.nextCursor;
    if (!page.hasMore) break;
  }
  return {
    pages,
    cursor: next,
    added: pages.flatMap((p) => p.added),
    modified: pages.flatMap((p) => p.modified),
    removed: pages.flatMap((p) => p.removed),
  };
}

/** What a client holds after applying pages in order. */
function apply(
  state: Map<string, ProviderTransaction>,
  page: Pick<SyncPage, 'added' | 'modified' | 'removed'>,
) {
  for (const t of [...page.added, ...page.modified]) state.set(t.providerTransactionId, t);
  for (const id of page.removed) state.delete(id);
}

/** The generator's own view of the history, with the item's id prefix, for comparison. */
function expected(itemId: string, institutionId: DemoInstitutionId, anchor: string, asOf: string) {
  const tag = itemId.split('-').at(-1);
  const prefix = (id: string) => `${tag}-${id}`;
  return createDemoBank({ anchor, through: asOf })
    .transactions(institutionId)
    .map((t) => ({
      ...t,
      providerTransactionId: prefix(t.providerTransactionId),
      providerAccountId: prefix(t.providerAccountId),
      pendingTransactionId: t.pendingTransactionId === null ? null : prefix(t.pendingTransactionId),
    }));
}

const sortById = (list: ProviderTransaction[]) =>
  [...list].sort((a, b) => a.providerTransactionId.localeCompare(b.providerTransactionId));

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe('demo bank provider', () => {
  it("is the 'demo' kind and lists its institutions by name", async () => {
    const provider = createDemoProvider({ now: clockAt(DAY).now });
    expect(provider.kind).toBe('demo');
    const institutions = await provider.listInstitutions();
    expect(institutions.map((i) => i.id)).toEqual(['demo_harbor', 'demo_summit', 'demo_evergreen']);
    for (const i of institutions) expect(await provider.getInstitutionName(i.id)).toBe(i.name);
    await expect(provider.getInstitutionName('ins_109508')).rejects.toMatchObject({
      code: 'INVALID_INSTITUTION',
    });
  });

  it('creates link tokens that expire four hours ahead', async () => {
    const clock = clockAt(DAY);
    const provider = createDemoProvider({ now: clock.now });
    const { linkToken, expiration } = await provider.createLinkToken({ userId: 'user-1' });
    expect(linkToken).toMatch(new RegExp(`^link-demo-${UUID}$`));
    expect(expiration).toBe('2026-11-22T19:30:00.000Z');
    await expect(provider.createLinkToken({ userId: ' ' })).rejects.toBeInstanceOf(DemoBankError);
  });

  it('makes public tokens for an institution (the first by default) and exchanges them for an item', async () => {
    const provider = createDemoProvider({ now: clockAt(DAY).now });
    expect(await provider.createSandboxPublicToken()).toMatch(
      new RegExp(`^public-demo-demo_harbor-${UUID}$`),
    );
    const publicToken = await provider.createSandboxPublicToken('demo_summit');
    expect(publicToken).toMatch(new RegExp(`^public-demo-demo_summit-${UUID}$`));
    const { accessToken, itemId } = await provider.exchangePublicToken(publicToken);
    expect(accessToken).toMatch(new RegExp(`^access-demo-demo_summit-${UUID}$`));
    expect(itemId).toMatch(/^item-demo-demo_summit-[0-9a-f]{16}$/);
    expect((await provider.getAccounts(accessToken)).institutionId).toBe('demo_summit');
    await expect(provider.createSandboxPublicToken('demo_nowhere')).rejects.toMatchObject({
      code: 'INVALID_INSTITUTION',
    });
  });

  it('makes an item of only the accounts chosen, as Link does, and refuses accounts of another bank', async () => {
    const provider = createDemoProvider({ now: clockAt(DAY).now });
    const chosen = ['harbor_checking', 'harbor_card'];
    const { accessToken } = await provider.exchangePublicToken(
      await provider.createSandboxPublicToken('demo_harbor', chosen),
    );
    const { accounts } = await provider.getAccounts(accessToken);
    expect(accounts.map((a) => a.name)).toEqual(['Everyday Checking', 'Cash Rewards Visa']);
    const ids = new Set(accounts.map((a) => a.providerAccountId));
    const { added } = await syncAll(provider, accessToken, null);
    expect(added.length).toBeGreaterThan(0);
    expect(new Set(added.map((t) => t.providerAccountId))).toEqual(ids);
    for (const wrong of [['summit_card'], [], ['harbor_checking', 'nowhere']])
      await expect(provider.createSandboxPublicToken('demo_harbor', wrong)).rejects.toMatchObject({
        code: 'INVALID_ACCOUNT',
      });
    // A token whose accounts were edited to another bank's is no token.
    await expect(provider.getAccounts(`${accessToken.split('~')[0]}~summit_card`)).rejects.toMatchObject({
      code: 'INVALID_ACCESS_TOKEN',
    });
  });

  it('stops answering for a removed item, as Plaid does, and removing it again is no error', async () => {
    const provider = createDemoProvider({ now: clockAt(DAY).now });
    const removed = await connect(provider, 'demo_summit');
    const kept = await connect(provider, 'demo_summit');

    await expect(provider.removeItem(removed.accessToken)).resolves.toBeUndefined();

    await expect(provider.getAccounts(removed.accessToken)).rejects.toMatchObject({ code: 'ITEM_NOT_FOUND' });
    await expect(provider.syncTransactions(removed.accessToken, null)).rejects.toMatchObject({
      code: 'ITEM_NOT_FOUND',
    });
    await expect(provider.removeItem(removed.accessToken)).resolves.toBeUndefined();
    // Another item of the same institution is another item.
    expect((await provider.getAccounts(kept.accessToken)).accounts.length).toBeGreaterThan(0);
  });

  it.each([
    [''],
    ['public-demo-demo_harbor'],
    ['public-demo-demo_nowhere-0b7e5a36-3c0e-4a5e-9d8f-2f1a6c2b9e10'],
    ['public-sandbox-0b7e5a36-3c0e-4a5e-9d8f-2f1a6c2b9e10'],
    ['access-demo-demo_harbor-0b7e5a36-3c0e-4a5e-9d8f-2f1a6c2b9e10'],
  ])('refuses to exchange the public token %j', async (token) => {
    const provider = createDemoProvider({ now: clockAt(DAY).now });
    await expect(provider.exchangePublicToken(token)).rejects.toMatchObject({ code: 'INVALID_PUBLIC_TOKEN' });
  });

  describe.each([
    [''],
    ['access-demo-demo_harbor-not-a-uuid'],
    ['access-demo-demo_nowhere-0b7e5a36-3c0e-4a5e-9d8f-2f1a6c2b9e10'],
    ['access-sandbox-0b7e5a36-3c0e-4a5e-9d8f-2f1a6c2b9e10'],
    ['public-demo-demo_harbor-0b7e5a36-3c0e-4a5e-9d8f-2f1a6c2b9e10'],
  ])('with the access token %j', (token) => {
    const provider = createDemoProvider({ now: clockAt(DAY).now });
    it.each([
      ['getAccounts', () => provider.getAccounts(token)],
      ['syncTransactions', () => provider.syncTransactions(token, null)],
      ['removeItem', () => provider.removeItem(token)],
    ])('%s throws INVALID_ACCESS_TOKEN', async (_, call) => {
      await expect(call()).rejects.toMatchObject({ code: 'INVALID_ACCESS_TOKEN' });
    });
  });

  it('describes the accounts the transactions belong to', async () => {
    const provider = createDemoProvider({ now: clockAt(DAY).now });
    const types = new Set<number>();
    for (const institution of DEMO_INSTITUTIONS) {
      const { accessToken } = await connect(provider, institution.id);
      const { institutionId, accounts } = await provider.getAccounts(accessToken);
      expect(institutionId).toBe(institution.id);
      for (const a of accounts) types.add(a.type);
      const { added } = await syncAll(provider, accessToken, null);
      const ids = new Set(accounts.map((a) => a.providerAccountId));
      for (const t of added) expect(ids.has(t.providerAccountId)).toBe(true);
      // Every account has activity.
      for (const id of ids) expect(added.some((t) => t.providerAccountId === id)).toBe(true);
    }
    expect(types).toEqual(
      new Set([ACCOUNT_TYPE.Depository, ACCOUNT_TYPE.Credit, ACCOUNT_TYPE.Investment, ACCOUNT_TYPE.Loan]),
    );
  });

  it('gives two items of the same institution separate ids', async () => {
    const provider = createDemoProvider({ now: clockAt(DAY).now });
    const first = await connect(provider);
    const second = await connect(provider);
    expect(second.itemId).not.toBe(first.itemId);
    const a = await provider.syncTransactions(first.accessToken, null, { count: 50 });
    const b = await provider.syncTransactions(second.accessToken, null, { count: 50 });
    expect(a.added.map((t) => t.amount)).toEqual(b.added.map((t) => t.amount));
    const ids = new Set(a.added.map((t) => t.providerTransactionId));
    for (const t of b.added) expect(ids.has(t.providerTransactionId)).toBe(false);
  });

  describe('initial sync', () => {
    it.each([
      ['demo_harbor', undefined],
      ['demo_harbor', 500],
      ['demo_harbor', 137],
      ['demo_harbor', 5_000],
      ['demo_summit', 60],
      ['demo_evergreen', 1],
    ] as const)(
      'pages %s with count %s, returning every transaction exactly once',
      async (institution, count) => {
        const provider = createDemoProvider({ now: clockAt(DAY).now });
        const { accessToken, itemId } = await connect(provider, institution);
        const { pages, added, modified, removed } = await syncAll(provider, accessToken, null, count);
        const size = Math.min(count ?? 500, 500);
        pages.forEach((page, i) => {
          const length = page.added.length + page.modified.length + page.removed.length;
          if (i < pages.length - 1) {
            expect(length).toBe(size);
            expect(page.hasMore).toBe(true);
          } else {
            expect(length).toBeLessThanOrEqual(size);
            expect(page.hasMore).toBe(false);
          }
          expect(page.totalEstimate).toBe(added.length);
        });
        expect(modified).toEqual([]);
        expect(removed).toEqual([]);
        expect(new Set(added.map((t) => t.providerTransactionId)).size).toBe(added.length);
        expect(added).toEqual(expected(itemId, institution, DAY, DAY));
      },
    );

    it('hands out the newest transactions first, so the last 30 days arrive in the first pages', async () => {
      const provider = createDemoProvider({ now: clockAt(DAY).now });
      const { accessToken } = await connect(provider);
      const page = await provider.syncTransactions(accessToken, null, { count: 100 });
      const dates = page.added.map((t) => t.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(dates[0]! >= isoDay(dayNumber(DAY) - 1)).toBe(true);
    });

    it('answers an empty page from a finished cursor on the same day', async () => {
      const provider = createDemoProvider({ now: clockAt(DAY).now });
      const { accessToken } = await connect(provider);
      const { cursor } = await syncAll(provider, accessToken, null);
      for (let i = 0; i < 2; i++) {
        const page = await provider.syncTransactions(accessToken, cursor);
        expect(page).toMatchObject({
          added: [],
          modified: [],
          removed: [],
          hasMore: false,
          nextCursor: cursor,
        });
      }
    });

    it('starts over from an empty-string cursor, as Plaid does', async () => {
      const provider = createDemoProvider({ now: clockAt(DAY).now, pageSize: 40 });
      const { accessToken } = await connect(provider);
      const fromNull = await provider.syncTransactions(accessToken, null);
      const fromEmpty = await provider.syncTransactions(accessToken, '');
      expect(fromEmpty).toEqual(fromNull);
      expect(fromNull.added).toHaveLength(40);
    });
  });

  describe('later syncs', () => {
    it('after a day returns only the new day and the pending transactions that posted', async () => {
      const clock = clockAt(DAY);
      const provider = createDemoProvider({ now: clock.now });
      const { accessToken, itemId } = await connect(provider);
      const first = await syncAll(provider, accessToken, null);
      const state = new Map(first.added.map((t) => [t.providerTransactionId, t]));
      const pendingBefore = new Set(first.added.filter((t) => t.pending).map((t) => t.providerTransactionId));
      expect(pendingBefore.size).toBeGreaterThan(0);

      clock.advance(1);
      const next = await syncAll(provider, accessToken, first.cursor);
      expect(next.modified).toEqual([]);
      expect(next.removed.length).toBeGreaterThan(0);
      for (const id of next.removed) expect(pendingBefore.has(id)).toBe(true);
      const removed = new Set(next.removed);
      for (const t of next.added) {
        expect(state.has(t.providerTransactionId)).toBe(false);
        const postedFromPending = t.pendingTransactionId !== null && removed.has(t.pendingTransactionId);
        expect(t.date === clock.today() || postedFromPending, `${t.date} ${t.description}`).toBe(true);
      }
      expect(next.added.some((t) => t.date === clock.today())).toBe(true);
      // Each swap: the posted one arrives no later than the removal of the pending one it replaces.
      expect(
        next.added.filter((t) => t.pendingTransactionId && removed.has(t.pendingTransactionId)).length,
      ).toBeGreaterThan(0);

      apply(state, next);
      expect(sortById([...state.values()])).toEqual(
        sortById(expected(itemId, 'demo_harbor', DAY, clock.today())),
      );
    });

    it('never loses or repeats anything however the clock and page sizes move', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 5 }),
          fc.constantFrom(7, 120, 500),
          fc.constantFrom<DemoInstitutionId>('demo_harbor', 'demo_summit'),
          async (steps, count, institution) => {
            const clock = clockAt(DAY);
            const provider = createDemoProvider({ now: clock.now });
            const { accessToken, itemId } = await connect(provider, institution);
            const state = new Map<string, ProviderTransaction>();
            let cursor: string | null = null;
            const run = async () => {
              const result = await syncAll(provider, accessToken, cursor, count);
              for (const page of result.pages) {
                for (const t of page.added) {
                  // Nothing unchanged comes twice: an added id is new to the client.
                  expect(state.has(t.providerTransactionId)).toBe(false);
                  // A posted transaction that replaces a pending one arrives while the pending one still exists.
                  if (t.pendingTransactionId && result.removed.includes(t.pendingTransactionId)) {
                    expect(state.has(t.pendingTransactionId)).toBe(true);
                  }
                }
                for (const id of page.removed) expect(state.has(id)).toBe(true);
                apply(state, page);
              }
              cursor = result.cursor;
            };
            await run();
            for (const step of steps) {
              clock.advance(step);
              await run();
            }
            expect(sortById([...state.values()])).toEqual(
              sortById(expected(itemId, institution, DAY, clock.today())),
            );
          },
        ),
        { numRuns: 15 },
      );
    });

    it('finishes a change set begun before the clock moved, then catches up', async () => {
      const clock = clockAt(DAY);
      const provider = createDemoProvider({ now: clock.now, pageSize: 300 });
      const { accessToken, itemId } = await connect(provider);
      const state = new Map<string, ProviderTransaction>();
      const firstPage = await provider.syncTransactions(accessToken, null);
      apply(state, firstPage);
      expect(firstPage.hasMore).toBe(true);
      clock.advance(2);
      const rest = await syncAll(provider, accessToken, firstPage.nextCursor);
      for (const page of rest.pages) apply(state, page);
      expect(sortById([...state.values()])).toEqual(sortById(expected(itemId, 'demo_harbor', DAY, DAY)));
      const catchUp = await syncAll(provider, accessToken, rest.cursor);
      apply(state, catchUp);
      expect(catchUp.added.length).toBeGreaterThan(0);
      expect(sortById([...state.values()])).toEqual(
        sortById(expected(itemId, 'demo_harbor', DAY, clock.today())),
      );
    });

    it('keeps working across a restart: tokens and cursors carry their own state', async () => {
      const clock = clockAt(DAY);
      const before = createDemoProvider({ now: clock.now });
      const { accessToken } = await connect(before);
      const first = await syncAll(before, accessToken, null);
      clock.advance(1);
      const after = createDemoProvider({ now: clock.now });
      expect(await after.getAccounts(accessToken)).toEqual(await before.getAccounts(accessToken));
      expect(await syncAll(after, accessToken, first.cursor)).toEqual(
        await syncAll(before, accessToken, first.cursor),
      );
    });

    it('ignores a clock that went backwards', async () => {
      const clock = clockAt(DAY);
      const provider = createDemoProvider({ now: clock.now });
      const { accessToken } = await connect(provider);
      const { cursor } = await syncAll(provider, accessToken, null);
      clock.advance(-3);
      const page = await provider.syncTransactions(accessToken, cursor);
      expect(page).toMatchObject({ added: [], removed: [], hasMore: false, nextCursor: cursor });
    });
  });

  describe('refuses', () => {
    it.each([
      ['garbage', () => 'garbage'],
      ['two dots', (c: string) => `${c}.x`],
      ['a tampered payload', (c: string) => `${c.slice(0, 5)}${c[5] === 'A' ? 'B' : 'A'}${c.slice(6)}`],
      ['a truncated cursor', (c: string) => c.slice(0, -2)],
      ['a forged checksum', (c: string) => `${c.split('.')[0]}.zzzz`],
    ])('%s as a cursor', async (_, mangle) => {
      const provider = createDemoProvider({ now: clockAt(DAY).now });
      const { accessToken } = await connect(provider);
      const page = await provider.syncTransactions(accessToken, null);
      await expect(provider.syncTransactions(accessToken, mangle(page.nextCursor))).rejects.toMatchObject({
        code: 'INVALID_CURSOR',
      });
    });

    it("another item's cursor", async () => {
      const provider = createDemoProvider({ now: clockAt(DAY).now });
      const mine = await connect(provider);
      const theirs = await connect(provider);
      const page = await provider.syncTransactions(theirs.accessToken, null);
      await expect(provider.syncTransactions(mine.accessToken, page.nextCursor)).rejects.toThrow(
        /another item/,
      );
    });

    it.each([[0], [-5], [1.5], [Number.NaN]])('count %s', async (count) => {
      const provider = createDemoProvider({ now: clockAt(DAY).now });
      const { accessToken } = await connect(provider);
      await expect(provider.syncTransactions(accessToken, null, { count })).rejects.toMatchObject({
        code: 'INVALID_FIELD',
      });
    });

    it.each([[0], [501], [2.5]])('page size %s', (pageSize) => {
      expect(() => createDemoProvider({ pageSize })).toThrow(RangeError);
    });
  });

  it('imports a 10k-transaction history through the interface when scaled for benchmarks', async () => {
    const provider = createDemoProvider({ now: clockAt(DAY).now, transactionsPerInstitution: 10_000 });
    const { accessToken } = await connect(provider);
    const { added, pages } = await syncAll(provider, accessToken, null);
    expect(added.length).toBeGreaterThan(9_700);
    expect(added.length).toBeLessThan(10_300);
    expect(pages[0]?.totalEstimate).toBe(added.length);
    expect(new Set(added.map((t) => t.providerTransactionId)).size).toBe(added.length);
  });
});
