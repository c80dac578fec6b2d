import { randomUUID } from 'node:crypto';
import type {
  BankProvider,
  ProviderAccount,
  ProviderInstitution,
  ProviderTransaction,
  SyncPage,
} from '../types';
import { dayNumber, isoDay, utcDay } from './calendar';
import { DEMO_ACCOUNTS, DEMO_INSTITUTIONS, type DemoInstitutionId, isDemoInstitutionId } from './catalogue';
import {
  createDemoBank,
  DEMO_HISTORY_DAYS,
  DEMO_MAX_PENDING_DAYS,
  DEMO_SEED,
  type DemoBank,
} from './generator';
import { hashString } from './random';

/** Plaid's /transactions/sync default and maximum `count`. */
export const DEMO_SYNC_MAX_COUNT = 500;
const LINK_TOKEN_LIFETIME_MS = 4 * 60 * 60 * 1000;

export type DemoBankErrorCode =
  | 'INVALID_PUBLIC_TOKEN'
  | 'INVALID_ACCESS_TOKEN'
  | 'ITEM_NOT_FOUND'
  | 'INVALID_INSTITUTION'
  | 'INVALID_ACCOUNT'
  | 'INVALID_CURSOR'
  | 'INVALID_FIELD';

/** A refused demo-bank request; `code` mirrors the Plaid error_code the real provider would report. */
export class DemoBankError extends Error {
  override readonly name = 'DemoBankError';

  constructor(
    readonly code: DemoBankErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type DemoProviderOptions = {
  /** The clock; "today" is the UTC day of now(). */
  now?: () => Date;
  /** Default `count` per sync page (1–500, default 500). */
  pageSize?: number;
  /** Benchmarks: about this many transactions per everyday-banking institution (see DemoBankOptions). */
  transactionsPerInstitution?: number;
  seed?: string;
  /** History length for a new connection, default 730 days. */
  days?: number;
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A token names its institution, its secret and, when the person chose some, the accounts it holds (`~a+b`). */
const PUBLIC_TOKEN = new RegExp(`^public-demo-([a-z0-9_]+)-(${UUID})(~[a-z0-9_+]+)?$`);
const ACCESS_TOKEN = new RegExp(`^access-demo-([a-z0-9_]+)-(${UUID})(~[a-z0-9_+]+)?$`);

/** `only`: the accounts chosen in the picker, as with Plaid Link's account selection; null for all of them. */
type Item = {
  institutionId: DemoInstitutionId;
  itemId: string;
  tag: string;
  only: ReadonlySet<string> | null;
};

function chosenAccounts(
  suffix: string | undefined,
  institutionId: DemoInstitutionId,
): ReadonlySet<string> | null {
  if (!suffix) return null;
  const keys = suffix.slice(1).split('+');
  const own = new Set(
    DEMO_ACCOUNTS.filter((a) => a.institutionId === institutionId).map((a) => a.key as string),
  );
  return keys.every((k) => own.has(k)) ? new Set(keys) : new Set();
}

function parseAccessToken(accessToken: string): Item {
  const match = ACCESS_TOKEN.exec(accessToken);
  const institutionId = match?.[1];
  const secret = match?.[2];
  const only =
    institutionId && isDemoInstitutionId(institutionId) ? chosenAccounts(match?.[3], institutionId) : null;
  if (!institutionId || !secret || !isDemoInstitutionId(institutionId) || only?.size === 0) {
    throw new DemoBankError('INVALID_ACCESS_TOKEN', 'Not a valid demo access token');
  }
  // Ids are per item, as with Plaid: the same institution linked twice gives two separate histories of ids.
  // The tag derives from the token so it survives restarts without storing anything.
  const tag = `${hex(hashString(`item|${secret}`))}${hex(hashString(`${secret}|item`))}`;
  return { institutionId, itemId: `item-demo-${institutionId}-${tag}`, tag, only };
}

const hex = (n: number) => n.toString(16).padStart(8, '0');

function institution(
  institutionId: string,
): Omit<ProviderInstitution, 'accounts'> & { id: DemoInstitutionId } {
  const found = DEMO_INSTITUTIONS.find((i) => i.id === institutionId);
  if (!found) throw new DemoBankError('INVALID_INSTITUTION', `Unknown demo institution: ${institutionId}`);
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// Cursors

/**
 * Where a connection stands. `anchor`: the day its history was first generated (fixes the window and the
 * price-change dates for good). `since`: the as-of day the client has fully applied (null before the first
 * complete sync). `target`: the as-of day of the change set being paged through. `offset`: how much of that
 * change set has been handed out. A completed cursor has since = target and offset 0.
 */
type CursorState = { item: string; anchor: number; since: number | null; target: number; offset: number };

const CURSOR_VERSION = 1;

function encodeCursor(state: CursorState): string {
  const payload = Buffer.from(
    JSON.stringify([
      CURSOR_VERSION,
      state.item,
      isoDay(state.anchor),
      state.since === null ? null : isoDay(state.since),
      isoDay(state.target),
      state.offset,
    ]),
  ).toString('base64url');
  return `${payload}.${hashString(`cursor|${payload}`).toString(36)}`;
}

function decodeCursor(cursor: string, item: Item): CursorState {
  const invalid = (why: string) => new DemoBankError('INVALID_CURSOR', `Invalid sync cursor: ${why}`);
  const [payload, check, ...rest] = cursor.split('.');
  if (!payload || !check || rest.length > 0 || hashString(`cursor|${payload}`).toString(36) !== check) {
    throw invalid('malformed');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid('malformed');
  }
  if (!Array.isArray(parsed) || parsed.length !== 6 || parsed[0] !== CURSOR_VERSION)
    throw invalid('malformed');
  const [, tag, anchor, since, target, offset] = parsed;
  if (tag !== item.tag) throw invalid('it belongs to another item');
  const day = (value: unknown) => {
    if (typeof value !== 'string') throw invalid('malformed');
    try {
      return dayNumber(value);
    } catch {
      throw invalid('malformed');
    }
  };
  const state: CursorState = {
    item: tag,
    anchor: day(anchor),
    since: since === null ? null : day(since),
    target: day(target),
    offset: typeof offset === 'number' && Number.isSafeInteger(offset) && offset >= 0 ? offset : -1,
  };
  const completed = state.offset === 0 && state.since === state.target;
  const inProgress = state.offset > 0 && state.since !== state.target;
  const ordered =
    state.anchor <= state.target &&
    (state.since === null || (state.anchor <= state.since && state.since <= state.target));
  if (!ordered || !(completed || inProgress)) throw invalid('inconsistent');
  return state;
}

// ---------------------------------------------------------------------------------------------------------
// Change sets

type Update =
  | { kind: 'added' | 'modified'; transaction: ProviderTransaction }
  | { kind: 'removed'; id: string };

function sameTransaction(a: ProviderTransaction, b: ProviderTransaction): boolean {
  return (
    a.providerAccountId === b.providerAccountId &&
    a.pendingTransactionId === b.pendingTransactionId &&
    a.pending === b.pending &&
    a.date === b.date &&
    a.description === b.description &&
    a.merchantName === b.merchantName &&
    a.amount === b.amount &&
    a.categoryPrimary === b.categoryPrimary &&
    a.categoryDetailed === b.categoryDetailed
  );
}

/**
 * What changed for one institution between two as-of days of the same history, in the order a client can
 * apply page by page: additions (newest first) before removals, so a posted transaction always arrives
 * before (or with) the removal of the pending one it replaces and whatever the person did to it carries over.
 */
function changesBetween(
  bank: DemoBank,
  institutionId: DemoInstitutionId,
  since: number | null,
  target: number,
): Update[] {
  const next = bank.transactions(institutionId, isoDay(target));
  if (since === null) return next.map((transaction) => ({ kind: 'added', transaction }));
  if (since === target) return [];
  // Only days still pending on `since` can differ; older days are settled and identical.
  const from = isoDay(since - DEMO_MAX_PENDING_DAYS);
  const before = new Map<string, ProviderTransaction>();
  for (const t of bank.transactions(institutionId, isoDay(since))) {
    if (t.date < from) break;
    before.set(t.providerTransactionId, t);
  }
  const added: Update[] = [];
  const modified: Update[] = [];
  for (const t of next) {
    if (t.date < from) break;
    const old = before.get(t.providerTransactionId);
    if (!old) added.push({ kind: 'added', transaction: t });
    else {
      before.delete(t.providerTransactionId);
      if (!sameTransaction(old, t)) modified.push({ kind: 'modified', transaction: t });
    }
  }
  const removed = [...before.keys()].map((id): Update => ({ kind: 'removed', id }));
  return [...added, ...modified, ...removed];
}

/** A small least-recently-used map: generated histories are a few MB at most, and reused page after page. */
class Lru<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  getOrCreate(key: string, create: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const value = create();
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    return value;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The provider

/**
 * The built-in demo bank: three institutions and about two years of deterministic history, behind the same
 * interface as Plaid, with Plaid's /transactions/sync semantics. Stateless apart from caches: tokens and
 * cursors carry everything needed, so they keep working across restarts and server instances.
 */
export function createDemoProvider(
  options: DemoProviderOptions = {},
): BankProvider & { readonly kind: 'demo' } {
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? DEMO_SYNC_MAX_COUNT;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > DEMO_SYNC_MAX_COUNT) {
    throw new RangeError(`pageSize must be an integer from 1 to ${DEMO_SYNC_MAX_COUNT}`);
  }
  const seed = options.seed ?? DEMO_SEED;
  const days = options.days ?? DEMO_HISTORY_DAYS;
  const banks = new Lru<DemoBank>(8);
  const changeSets = new Lru<Update[]>(32);
  // Items removed through removeItem, by tag. Kept in memory only: a demo item costs nothing and its token
  // carries everything else, so after a restart a removed demo token would answer again. The connection
  // that held it was disconnected and no longer reads it.
  const removed = new Set<string>();

  /** The item behind a token, refused as Plaid refuses a removed item. */
  const liveItem = (accessToken: string): Item => {
    const item = parseAccessToken(accessToken);
    if (removed.has(item.tag)) {
      throw new DemoBankError('ITEM_NOT_FOUND', 'This demo item was removed; link the bank again');
    }
    return item;
  };

  const bank = (anchor: number, through: number) =>
    banks.getOrCreate(`${anchor}|${through}`, () =>
      createDemoBank({
        anchor: isoDay(anchor),
        through: isoDay(through),
        seed,
        days,
        transactionsPerInstitution: options.transactionsPerInstitution,
      }),
    );

  const today = () => utcDay(now());

  const forItem = (item: Item) => {
    const id = (raw: string) => `${item.tag}-${raw}`;
    return {
      id,
      /** Whether the item holds the account (its key, before the item's prefix). */
      holds: (accountKey: string) => item.only === null || item.only.has(accountKey),
      transaction: (t: ProviderTransaction): ProviderTransaction => ({
        ...t,
        providerTransactionId: id(t.providerTransactionId),
        providerAccountId: id(t.providerAccountId),
        pendingTransactionId: t.pendingTransactionId === null ? null : id(t.pendingTransactionId),
      }),
      account: (a: ProviderAccount): ProviderAccount => ({
        ...a,
        providerAccountId: id(a.providerAccountId),
      }),
    };
  };

  const pageCount = (count: number | undefined) => {
    if (count === undefined) return pageSize;
    if (!Number.isInteger(count) || count < 1)
      throw new DemoBankError('INVALID_FIELD', 'count must be a positive integer');
    return Math.min(count, DEMO_SYNC_MAX_COUNT);
  };

  return {
    kind: 'demo',
    sandbox: true,

    async createLinkToken({ userId }) {
      if (!userId.trim()) throw new DemoBankError('INVALID_FIELD', 'userId is required');
      return {
        linkToken: `link-demo-${randomUUID()}`,
        expiration: new Date(now().getTime() + LINK_TOKEN_LIFETIME_MS).toISOString(),
      };
    },

    async createSandboxPublicToken(institutionId, accountIds) {
      const { id } = institution(institutionId ?? DEMO_INSTITUTIONS[0]?.id ?? '');
      if (!accountIds) return `public-demo-${id}-${randomUUID()}`;
      const chosen = [...new Set(accountIds)];
      if (chosen.length === 0 || chosenAccounts(`~${chosen.join('+')}`, id)?.size !== chosen.length)
        throw new DemoBankError('INVALID_ACCOUNT', `Not accounts of ${institution(id).name}`);
      return `public-demo-${id}-${randomUUID()}~${chosen.join('+')}`;
    },

    async exchangePublicToken(publicToken) {
      const match = PUBLIC_TOKEN.exec(publicToken);
      const institutionId = match?.[1];
      if (
        !institutionId ||
        !isDemoInstitutionId(institutionId) ||
        chosenAccounts(match?.[3], institutionId)?.size === 0
      ) {
        throw new DemoBankError('INVALID_PUBLIC_TOKEN', 'Not a valid demo public token');
      }
      const accessToken = `access-demo-${institutionId}-${randomUUID()}${match?.[3] ?? ''}`;
      return { accessToken, itemId: parseAccessToken(accessToken).itemId };
    },

    async getAccounts(accessToken) {
      const item = liveItem(accessToken);
      const day = today();
      const map = forItem(item);
      return {
        institutionId: item.institutionId,
        accounts: bank(day, day)
          .accounts(item.institutionId)
          .filter((a) => map.holds(a.providerAccountId))
          .map(map.account),
      };
    },

    async getInstitutionName(institutionId) {
      return institution(institutionId).name;
    },

    async syncTransactions(accessToken, cursor, syncOptions = {}): Promise<SyncPage> {
      const item = liveItem(accessToken);
      const count = pageCount(syncOptions.count);
      const day = today();
      let state: CursorState;
      if (cursor === null || cursor === '') {
        state = { item: item.tag, anchor: day, since: null, target: day, offset: 0 };
      } else {
        const saved = decodeCursor(cursor, item);
        // A completed cursor starts a new change set up to today; one mid-way keeps paging its own.
        state = saved.offset === 0 ? { ...saved, target: Math.max(day, saved.target) } : saved;
      }
      const history = bank(state.anchor, state.target);
      const changes = changeSets.getOrCreate(
        `${item.institutionId}|${state.anchor}|${state.since}|${state.target}`,
        () => changesBetween(history, item.institutionId, state.since, state.target),
      );
      if (state.offset > 0 && state.offset >= changes.length) {
        throw new DemoBankError('INVALID_CURSOR', 'Invalid sync cursor: past the end of its change set');
      }
      const end = state.offset + count;
      const hasMore = end < changes.length;
      const map = forItem(item);
      const page: SyncPage = {
        added: [],
        modified: [],
        removed: [],
        nextCursor: encodeCursor(
          hasMore ? { ...state, offset: end } : { ...state, since: state.target, offset: 0 },
        ),
        hasMore,
        totalEstimate: history
          .transactions(item.institutionId, isoDay(state.target))
          .filter((t) => map.holds(t.providerAccountId)).length,
      };
      for (const update of changes.slice(state.offset, end)) {
        if (update.kind === 'removed') page.removed.push(map.id(update.id));
        else if (map.holds(update.transaction.providerAccountId))
          page[update.kind].push(map.transaction(update.transaction));
      }
      return page;
    },

    async removeItem(accessToken) {
      // Removing twice is fine, as with Plaid through our provider; a token that was never ours is not.
      removed.add(parseAccessToken(accessToken).tag);
    },

    accountChoiceOf(providerAccountId) {
      // An item's account ids are its tag, then the account's key (forItem).
      const key = /^[0-9a-f]{16}-([a-z0-9_]+)$/.exec(providerAccountId)?.[1];
      return key && DEMO_ACCOUNTS.some((a) => a.key === key) ? key : null;
    },

    async listInstitutions() {
      return DEMO_INSTITUTIONS.map((i) => ({
        ...i,
        accountTypes: [...i.accountTypes],
        accounts: DEMO_ACCOUNTS.filter((a) => a.institutionId === i.id).map((a) => ({
          id: a.key,
          name: a.name,
          subtype: a.subtype,
          mask: a.mask,
        })),
      }));
    },
  };
}
