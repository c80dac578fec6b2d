import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeCost,
  isWithinBudget,
  MEMORY_LIMIT_MB,
  STALL_LIMIT_MS,
  withinBudget,
  worstByRoute,
} from '../test/cost';
import {
  countOwned,
  type Person,
  phaseOf,
  type RouteInput,
  refreshIds,
  SESSION_ENDING,
  seedPerson,
  startHarness,
  validInput,
} from '../test/harness';
import { aUser, bearer, signUp } from '../test/helpers';
import { addManualAccount } from '../test/manual-accounts';
import { isHeadTwin, propertiesOf, type RouteInfo } from '../test/routes';
import { worstRequests } from '../test/worst-inputs';

/**
 * The bad-input sweep. For every route Fastify knows, fast-check builds requests from the route's own
 * schemas and breaks them: fields missing, wrong types, NaN/Infinity/huge numbers, 100 kB strings, invalid
 * dates, SQL and script fragments, NUL bytes, unknown fields that name someone else or a plan, malformed
 * JSON, the wrong content type. Every answer is a 4xx with a JSON `message` (or a 2xx when the input is
 * in fact valid), never a 5xx; a refused request writes nothing; nobody's plan, e-mail, Google link or
 * password changes; and the server is healthy at the end. Reproducible: the seed is fixed.
 *
 * It also measures what each request costs the server: the longest the event loop was held and the memory it
 * took (test/cost.ts). Besides the random cases, every route gets the worst inputs of its kind of body
 * (test/worst-inputs.ts: nesting, fields, lines, rows and numbers as large as the body limit allows, and
 * statement files built against each reader). A route over 100 ms or 50 MB fails by name.
 */

const SEED = 20_261_120;
const RUNS_PER_ROUTE = 25;
/** A route without any request schema has less to vary. */
const RUNS_WITHOUT_SCHEMA = 8;
/** Worst-case files sent by one person before the next takes over (under the per-person upload limits). */
const FILES_PER_UPLOADER = 5;

const LONG = 'x'.repeat(100_000);
const STRINGS = [
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '1 UNION SELECT password_hash FROM users',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'a\u0000b',
  '\u0000',
  '\uD800',
  '%00',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  ['$', '{7*7}{{7*7}}'].join(''),
  '',
  '   ',
  'NULL',
  'null',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '+275760-09-13',
  '2026-1-1',
  '20261120',
  'Europe/Nowhere',
  LONG,
  '😀'.repeat(5000),
];
const JSON_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  [],
  {},
  ['a', 'b'],
  { $gt: '' },
];
/** Numbers JSON.stringify cannot write: sent as they are, so the parser (or the schema) must refuse them. */
const RAW_NUMBERS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '123456789012345678901234567890',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  '[1,]',
  '\u0000',
  'undefined',
  '{"__proto__":{"x":1}}',
  '\uFEFF{}',
];
const WRONG_BODIES = ['null', '[]', '"text"', '42', 'true'];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
];

type BadValue = { json: unknown } | { raw: string };
const badValue: fc.Arbitrary<BadValue> = fc.oneof(
  { arbitrary: fc.constantFrom(...STRINGS).map((json) => ({ json })), weight: 4 },
  { arbitrary: fc.constantFrom(...JSON_VALUES).map((json) => ({ json })), weight: 2 },
  { arbitrary: fc.constantFrom(...RAW_NUMBERS).map((raw) => ({ raw })), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((json) => ({ json })), weight: 1 },
  { arbitrary: fc.double().map((json) => ({ json })), weight: 1 },
  { arbitrary: fc.integer({ min: -(2 ** 53), max: 2 ** 53 }).map((json) => ({ json })), weight: 1 },
);

type Part = 'params' | 'querystring' | 'body';
type Mutation =
  | { kind: 'missing'; part: Part; field: string }
  | { kind: 'value'; part: Part; field: string; value: BadValue }
  | { kind: 'extra'; part: 'body' | 'querystring'; fields: string[] }
  | { kind: 'malformed'; text: string }
  | { kind: 'wrongBody'; text: string }
  | { kind: 'contentType'; type: string }
  | { kind: 'repeatedQuery'; field: string };

/** Fields that must never be taken from a request: they say who someone is or what they pay for. */
const MASS_ASSIGNED = [
  'userId',
  'user_id',
  'id',
  'isGoogleUser',
  'googleSubject',
  'plan',
  'trialEndsAt',
  'email',
  'passwordHash',
  'hasPassword',
  'createdAt',
];

/** A route takes a body when its schema declares one, whatever the method (DELETE /api/user does). */
const hasBody = (route: RouteInfo) =>
  route.json.body !== undefined || !['GET', 'HEAD', 'DELETE'].includes(route.method);

function mutations(route: RouteInfo): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    const fields = part === 'params' ? route.pathParams : Object.keys(propertiesOf(route.json[part]));
    if (part === 'body' && !hasBody(route)) continue;
    if (fields.length > 0) {
      const field = fc.constantFrom(...fields);
      if (part !== 'params') options.push(field.map((f) => ({ kind: 'missing', part, field: f }) as const));
      options.push(fc.tuple(field, badValue).map(([f, value]) => ({ kind: 'value', part, field: f, value })));
      options.push(fc.tuple(field, badValue).map(([f, value]) => ({ kind: 'value', part, field: f, value })));
    }
  }
  // Unknown fields, the ones that would matter most if they were ever copied into a row.
  const extras = fc.subarray(MASS_ASSIGNED, { minLength: 1 });
  options.push(extras.map((fields) => ({ kind: 'extra', part: 'querystring', fields }) as const));
  const queryFields = Object.keys(propertiesOf(route.json.querystring));
  if (queryFields.length > 0) {
    options.push(fc.constantFrom(...queryFields).map((field) => ({ kind: 'repeatedQuery', field }) as const));
  }
  if (hasBody(route)) {
    options.push(extras.map((fields) => ({ kind: 'extra', part: 'body', fields }) as const));
    options.push(extras.map((fields) => ({ kind: 'extra', part: 'body', fields }) as const));
    options.push(fc.constantFrom(...MALFORMED_JSON).map((text) => ({ kind: 'malformed', text }) as const));
    options.push(fc.constantFrom(...WRONG_BODIES).map((text) => ({ kind: 'wrongBody', text }) as const));
    options.push(fc.constantFrom(...CONTENT_TYPES).map((type) => ({ kind: 'contentType', type }) as const));
  }
  return fc.oneof(...options);
}

/**
 * Always tried besides the random runs: a NUL character in every text field. PostgreSQL text cannot hold
 * one, and before requests were screened for it a note, a name, a search or a sign-in e-mail with one
 * answered 500.
 */
function nulExamples(route: RouteInfo): [Mutation][] {
  const examples: [Mutation][] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    if (part === 'body' && !hasBody(route)) continue;
    const properties = propertiesOf(route.json[part]);
    const fields = part === 'params' ? route.pathParams : Object.keys(properties);
    for (const field of fields) {
      const type = properties[field]?.type;
      const isText =
        part === 'params' || type === 'string' || properties[field]?.anyOf?.some((o) => o.type === 'string');
      if (isText) examples.push([{ kind: 'value', part, field, value: { json: 'a\u0000b' } }]);
    }
  }
  return examples;
}

const RAW = '\u0001raw\u0001';

/** Body text with raw tokens (NaN, 1e400) where JSON.stringify would have refused or rounded them. */
function bodyText(body: Record<string, unknown>, raws: string[]): string {
  let i = 0;
  return JSON.stringify(body).replace(new RegExp(`"${RAW}"`, 'g'), () => raws[i++] ?? 'null');
}

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a broken client would.
    return '%ED%A0%80';
  }
}

const asText = (value: BadValue) =>
  'raw' in value ? value.raw : typeof value.json === 'string' ? value.json : JSON.stringify(value.json);

type Request = { method: string; url: string; headers: Record<string, string>; payload?: string };

function build(
  route: RouteInfo,
  input: RouteInput,
  m: Mutation,
  who: { token: string } | null,
  ids: string[],
): Request {
  const headers: Record<string, string> = who ? { ...bearer(who) } : {};
  const params = { ...input.params };
  const query: Record<string, string> = Object.fromEntries(
    Object.entries(input.querystring).map(([k, v]) => [k, String(v)]),
  );
  let body: Record<string, unknown> | undefined = input.body ?? (hasBody(route) ? {} : undefined);
  const raws: string[] = [];
  let text: string | undefined;
  let extraQuery = '';
  switch (m.kind) {
    case 'missing':
      if (m.part === 'querystring') delete query[m.field];
      else if (body) delete body[m.field];
      break;
    case 'value':
      if (m.part === 'params') params[m.field] = asText(m.value);
      else if (m.part === 'querystring') query[m.field] = asText(m.value);
      else {
        body = { ...body, [m.field]: 'raw' in m.value ? RAW : m.value.json };
        if ('raw' in m.value) raws.push(m.value.raw);
      }
      break;
    case 'extra': {
      const extra = Object.fromEntries(m.fields.map((f, i) => [f, massValue(f, ids[i % ids.length] ?? '')]));
      if (m.part === 'querystring')
        Object.assign(query, Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])));
      else body = { ...body, ...extra };
      break;
    }
    case 'repeatedQuery':
      extraQuery = `&${encodeURIComponent(m.field)}=${encode(query[m.field] ?? 'x')}&${encodeURIComponent(m.field)}=2`;
      break;
    case 'malformed':
    case 'wrongBody':
      text = m.text;
      break;
    case 'contentType':
      break;
  }
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encode(params[name] ?? ''));
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`)
    .join('&');
  const url = `${path}${qs || extraQuery ? `?${qs}${extraQuery}` : ''}`;
  if (!hasBody(route)) return { method: route.method, url, headers };
  headers['content-type'] = m.kind === 'contentType' ? m.type : 'application/json';
  return { method: route.method, url, headers, payload: text ?? bodyText(body ?? {}, raws) };
}

function massValue(field: string, someoneElsesId: string): unknown {
  if (field === 'plan') return 'starter';
  if (field === 'isGoogleUser' || field === 'hasPassword') return true;
  if (field === 'googleSubject') return 'google-subject-of-someone';
  if (field === 'email') return 'mallory@example.com';
  if (field === 'passwordHash') return '$argon2id$v=19$m=19456,t=2,p=1$bWFsbG9yeQ$bWFsbG9yeQ';
  if (field === 'trialEndsAt' || field === 'createdAt') return '2099-01-01T00:00:00.000Z';
  return someoneElsesId;
}

// No background jobs: what a request writes, it writes before answering, so row counts hold still between
// cases and a refused request can be checked for half-writes at once.
const harness = await startHarness(
  { AUTH_RATE_LIMIT_PER_MINUTE: '1000000', LOGIN_FAILURES_BEFORE_LOCK: '1000000' },
  { runJobs: false },
);
const { app, fake, routes } = harness;
let person: Person;
let other: Person;

beforeAll(async () => {
  person = await seedPerson(app, fake, undefined, { awaitImport: false });
  other = await seedPerson(app, fake, undefined, { awaitImport: false });
});
afterAll(() => harness.close());

/**
 * What no request may change about a person, whatever it carries (who they are, their plan, their
 * password), and how many people ever got a plan other than the operator's (Premium: the harness sets it), a
 * trial or a Google link from a request: none. Nobody changes their own plan on such a server either.
 */
async function identity(userIds: string[]) {
  const [row] = await app.database.query<{ people: string; assigned: number | string }>(
    `select (select json_agg(u order by u.id)::text from (
               select id, email, plan, google_subject, trial_ends_at, password_hash, created_at
                 from users where id = any($1::uuid[])) u) as people,
            (select count(*)::int from users
              where plan <> 'premium' or google_subject is not null or trial_ends_at is not null) as assigned`,
    [userIds],
  );
  return { people: row?.people, assigned: Number(row?.assigned) };
}

function expectClientAnswer(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json() as { message?: unknown };
    expect(typeof body.message, `${what} → ${res.body.slice(0, 300)}`).toBe('string');
  }
}

const swept = routes
  .filter((r) => !r.url.includes('*') && !isHeadTwin(r, routes))
  .sort((a, b) => phaseOf(a) - phaseOf(b));
const tried: Record<string, number> = {};
/** Cases per route that sent a broken body; every route whose schema declares a body must get some. */
const triedBodies: Record<string, number> = {};
const breaksBody = (m: Mutation) =>
  ('part' in m && m.part === 'body') || ['malformed', 'wrongBody', 'contentType'].includes(m.kind);

describe('bad-input sweep (requests generated from each route’s schemas)', () => {
  for (const route of swept) {
    it(`${route.key} answers bad input with a 4xx and a message, and writes nothing`, async () => {
      const sessionEnding = SESSION_ENDING.has(route.key);
      const isPublic = route.key.startsWith('POST /api/auth/') && !sessionEnding;
      // Linking a bank adds a connection each time it works; those pile up on a person of their own.
      const linksBanks = 'publicToken' in propertiesOf(route.json.body);
      let disposable: Person | null = null;
      const caller = async (): Promise<Person> => {
        if (!sessionEnding && !linksBanks) return person;
        if (disposable) return disposable;
        const password = 'correct horse';
        const auth = await signUp(app, { password });
        disposable = { ...person, auth, password, secrets: [], ids: person.ids };
        return disposable;
      };
      const hasSchema = Object.keys(route.json).length > 0;
      tried[route.key] = 0;
      await fc.assert(
        fc.asyncProperty(mutations(route), async (m) => {
          tried[route.key] = (tried[route.key] ?? 0) + 1;
          if (breaksBody(m)) triedBodies[route.key] = (triedBodies[route.key] ?? 0) + 1;
          const who = await caller();
          // Earlier cases may have deleted or re-imported what the last ids named.
          if (who === person) await refreshIds(app, person);
          const input = validInput(route, { fake, person: who });
          if (route.key === 'POST /api/auth/register') input.body = { ...aUser() };
          const request = build(route, input, m, isPublic ? null : who.auth, [
            other.auth.user.id,
            other.ids.transaction,
          ]);
          const watched = [person.auth.user.id, other.auth.user.id];
          const [countsBefore, identityBefore] = await Promise.all([
            countOwned(app, who.auth.user.id),
            identity(watched),
          ]);
          const what = `${route.key} ${JSON.stringify(m).slice(0, 200)}`;
          const { result: res, cost } = await withinBudget(route.key, what, () =>
            app.inject({ ...request, method: request.method as 'GET' }),
          );
          expectClientAnswer(res, what);
          expect(isWithinBudget(cost), `${what} cost ${describeCost(cost)}`).toBe(true);
          if (res.statusCode >= 400) {
            expect(await countOwned(app, who.auth.user.id), `${what} wrote rows before failing`).toEqual(
              countsBefore,
            );
          } else if (sessionEnding) {
            disposable = null;
          }
          const identityAfter = await identity(watched);
          expect(identityAfter.people, `${what} changed who someone is`).toEqual(identityBefore.people);
          expect(identityAfter.assigned, `${what} mass-assigned a user field`).toBe(0);
        }),
        {
          numRuns: hasSchema ? RUNS_PER_ROUTE : RUNS_WITHOUT_SCHEMA,
          seed: SEED,
          endOnFailure: true,
          examples: nulExamples(route),
        },
      );
    });
  }

  for (const route of swept.filter((r) => !SESSION_ENDING.has(r.key))) {
    it(`${route.key} stays under ${STALL_LIMIT_MS} ms and ${MEMORY_LIMIT_MB} MB on the worst inputs of its kind`, async () => {
      const isPublic = route.key.startsWith('POST /api/auth/');
      const input = validInput(route, { fake, person });
      if (route.key === 'POST /api/auth/register') input.body = { ...aUser() };
      const readsFiles = 'content' in propertiesOf(route.json.body);
      // A file route's uploads are rate-limited per person: a fresh person with an account of their own every
      // few files, so each file is read rather than refused.
      let uploader = { auth: person.auth, sent: 0 };
      const firstAccount = String(input.body?.accountId);
      const accountId = () => String(input.body?.accountId);
      const callerHeaders = async (): Promise<Record<string, string>> => {
        if (isPublic) return {};
        if (!readsFiles) return bearer(person.auth);
        if (uploader.sent++ >= FILES_PER_UPLOADER || uploader.auth === person.auth) {
          const auth = await signUp(app);
          const account = await addManualAccount(app, auth);
          uploader = { auth, sent: 1 };
          input.body = { ...input.body, accountId: account.id };
        }
        return bearer(uploader.auth);
      };
      for (const worst of worstRequests(route, input)) {
        const what = `${route.key} with ${worst.name}`;
        const headers = await callerHeaders();
        if (readsFiles && worst.payload) worst.payload = worst.payload.replace(firstAccount, accountId());
        const { result: res, cost } = await withinBudget(route.key, what, () =>
          app.inject({
            method: route.method as 'GET',
            url: worst.url,
            headers:
              worst.payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            ...(worst.payload === undefined ? {} : { payload: worst.payload }),
          }),
        );
        expectClientAnswer(res, what);
        expect(isWithinBudget(cost), `${what} cost ${describeCost(cost)}`).toBe(true);
      }
    });
  }

  it('is still healthy, and says how many cases it tried', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
    console.log(
      `bad-input sweep (seed ${SEED}):\n  ${Object.entries(tried)
        .map(([k, n]) => `${k}: ${n} cases`)
        .join('\n  ')}`,
    );
    const costs = [...worstByRoute].sort(([, a], [, b]) => b.stallMs - a.stallMs).slice(0, 10);
    console.log(
      `costliest routes (longest stall, most memory, over every case):\n  ${costs
        .map(([key, c]) => `${key}: ${describeCost(c)} (${c.what.slice(0, 120)})`)
        .join('\n  ')}`,
    );
    expect(Object.keys(tried).length).toBe(swept.length);
    const withBodies = swept.filter((r) => r.json.body !== undefined).map((r) => r.key);
    expect(withBodies).toContain('DELETE /api/user');
    expect(withBodies.filter((key) => !triedBodies[key])).toEqual([]);
  });
});
