import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fieldIdKind,
  importsSettled,
  type OwnedKind,
  type Person,
  PUBLIC_ID_FIELDS,
  PUBLIC_PATH_PARAMS,
  pathIdKind,
  phaseOf,
  type RouteInput,
  refreshIds,
  SESSION_ENDING,
  seedPerson,
  snapshotOwner,
  startHarness,
  validInput,
} from '../test/harness';
import { bearer } from '../test/helpers';
import { fillPath, isHeadTwin, propertiesOf, queryString, type RouteInfo } from '../test/routes';

/**
 * The isolation matrix. Every route Fastify knows is either public (below, with the reason) or called by a
 * second person, Bob, with Alice's ids (answer: 404) and with his own input (answer: his data only), while
 * every row Alice owns in every table must stay exactly as it was. The route table is read from Fastify, so
 * a route added tomorrow is checked too, or fails here by name until it is classified.
 */

/** Routes anyone may call without a session; none of them reads or writes a person's data by id. */
const PUBLIC: Array<{ route: RegExp; why: string }> = [
  { route: /^GET \/api\/health$/, why: 'liveness probe' },
  { route: /^GET \/api\/config$/, why: 'public settings the sign-in page needs' },
  { route: /^POST \/api\/auth\/(register|login|google-login|passkey-login(\/options)?)$/, why: 'signing in' },
  {
    route: /^POST \/api\/auth\/verify-email$/,
    why: 'the emailed link, opened where nobody may be signed in: the signed token names the person and address',
  },
  { route: /^POST \/api\/plaid\/webhook$/, why: 'Plaid calls it, signed (see webhook tests)' },
  { route: /^POST \/api\/billing\/webhook$/, why: 'Stripe calls it, signed (see billing.stripe.test.ts)' },
  { route: /^(GET|HEAD) \/api\/docs(\/.*)?$/, why: 'OpenAPI docs' },
  { route: /^(GET|HEAD) \/(\*)?$/, why: 'the web app files' },
];

/** What a valid call on one's own data answers when it is not a 2xx. */
const SELF_STATUS: Record<string, number> = {
  // A password account already has one; the answer is a 400 that changes nothing.
  'POST /api/auth/set-password': 400,
  // The operator sets plans on the harness's server (no payments): nobody changes their own, a 403.
  'POST /api/billing/plan': 403,
  'POST /api/billing/cancel': 403,
  'POST /api/billing/portal': 403,
  // No code from an authenticator app can be made up here: a 400, or a 409 while two-factor sign-in is off
  // (two-factor.routes.test.ts signs in with real codes). None of these routes names anyone but the caller.
  'POST /api/auth/two-factor/enable': 400,
  'POST /api/auth/two-factor/recovery-codes': 409,
  'POST /api/auth/two-factor/disable': 409,
  // No authenticator answers here: the challenge of the valid input is made up, a 400 that adds nothing
  // (passkeys.routes.test.ts adds real ones). The route names no one but the caller.
  'POST /api/auth/passkeys': 400,
  // The route takes an export's ZIP, not the JSON sent here: a 415 that writes nothing
  // (import.routes.test.ts imports real ones, and proves a file naming someone else writes into the caller only).
  'POST /api/user/import': 415,
};

type Case = {
  name: string;
  /** Alice's ids the request itself carries: echoing them back reveals nothing new. */
  sent: OwnedKind[];
  input: (caller: Person) => RouteInput;
  expect: (res: LightMyRequestResponse) => void;
};
type Plan = { route: RouteInfo; phase: number; throwaway: boolean; cases: Case[] };

const harness = await startHarness();
const { app, fake, routes } = harness;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  alice = await seedPerson(app, fake, 'ALICEZQX');
  bob = await seedPerson(app, fake, 'BOBZQX');
});
afterAll(() => harness.close());

const isPublic = (route: RouteInfo) => PUBLIC.find((p) => p.route.test(route.key));

function status(expected: number | 'ok' | 'ok-or-404') {
  return (res: LightMyRequestResponse) => {
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    if (expected === 'ok') expect(ok, res.body).toBe(true);
    else if (expected === 'ok-or-404') expect(ok || res.statusCode === 404, res.body).toBe(true);
    else expect(res.statusCode, res.body).toBe(expected);
  };
}

/** The cases for one route, or why it cannot be exercised. */
function planFor(route: RouteInfo): Plan | { unclassified: string } {
  const problems: string[] = [];
  const cases: Case[] = [];
  const own = (caller: Person) => validInput(route, { fake, person: caller });
  const self = route.key.replace(/^HEAD /, 'GET ');
  const selfExpect = SELF_STATUS[self] ?? 'ok';

  const idParams = route.pathParams.filter((param) => !PUBLIC_PATH_PARAMS[param]);
  if (idParams.length > 0) {
    const kinds = idParams.map((param) => [param, pathIdKind(route, param)] as const);
    for (const [param, kind] of kinds) {
      if (!kind) problems.push(`path parameter :${param} has no recipe in PATH_ID_RECIPES`);
    }
    cases.push({
      name: "with Alice's ids in the path → 404",
      sent: kinds.flatMap(([, kind]) => (kind ? [kind] : [])),
      input: (caller) => {
        const input = own(caller);
        for (const [param, kind] of kinds) if (kind) input.params[param] = alice.ids[kind];
        return input;
      },
      expect: status(404),
    });
  }
  for (const part of ['body', 'querystring'] as const) {
    for (const [field, schema] of Object.entries(propertiesOf(route.json[part]))) {
      const kind: OwnedKind | undefined = fieldIdKind(route, field);
      if (!kind && !PUBLIC_ID_FIELDS[field] && (schema.format === 'uuid' || /Id$/.test(field))) {
        problems.push(`${part} field ${field} looks like an id but has no recipe in FIELD_ID_RECIPES`);
      }
      if (kind) {
        cases.push({
          name: `with Alice's ${field} in the ${part} → ${part === 'body' ? '404' : 'none of hers'}`,
          sent: [kind],
          input: (caller) => {
            const input = own(caller);
            if (part === 'body') input.body = { ...input.body, [field]: alice.ids[kind] };
            else input.querystring[field] = alice.ids[kind];
            return input;
          },
          expect: status(part === 'body' ? 404 : 'ok-or-404'),
        });
      } else if (
        part === 'querystring' &&
        schema.type === 'string' &&
        !schema.format &&
        !schema.pattern &&
        !schema.enum
      ) {
        // Free text (a search): looking for Alice's words finds nothing of hers.
        cases.push({
          name: `searching ${field} for Alice's marker → none of hers`,
          sent: [],
          input: (caller) => {
            const input = own(caller);
            input.querystring[field] = alice.marker;
            return input;
          },
          expect: status(selfExpect),
        });
      }
    }
  }
  cases.push({
    name: `with their own valid input → ${selfExpect === 'ok' ? '2xx' : selfExpect}, none of Alice's data`,
    sent: [],
    input: own,
    expect: status(selfExpect),
  });
  if (problems.length > 0) return { unclassified: problems.join('; ') };
  // Each case of a route that ends the caller's session or account runs as a fresh person with a bank.
  // Deletes too, so one delete does not take away what the next one needs.
  const throwaway = SESSION_ENDING.has(self) || route.method === 'DELETE';
  return { route, phase: phaseOf(route), throwaway, cases };
}

const plans: Plan[] = [];
const unclassified: string[] = [];
const publicRoutes: string[] = [];
for (const route of routes) {
  const open = isPublic(route);
  if (open) {
    publicRoutes.push(`${route.key} (${open.why})`);
    continue;
  }
  if (isHeadTwin(route, routes) && isPublic({ ...route, key: route.key.replace(/^HEAD /, 'GET ') })) continue;
  const plan = planFor(route);
  if ('unclassified' in plan) unclassified.push(`${route.key}: ${plan.unclassified}`);
  else plans.push(plan);
}
plans.sort((a, b) => a.phase - b.phase);

const covered: string[] = [];

function leaks(res: LightMyRequestResponse, sentKinds: OwnedKind[]): string[] {
  const seen = `${res.body}\n${JSON.stringify(res.headers)}`;
  const sent = sentKinds.map((kind) => alice.ids[kind]);
  return alice.secrets.filter((s) => !sent.includes(s) && seen.includes(s));
}

describe('isolation matrix (route table read from Fastify)', () => {
  it('knows every route: public, or with a recipe to call it with another person’s ids', () => {
    console.log(`isolation: ${routes.length} routes; public:\n  ${publicRoutes.join('\n  ')}`);
    expect(
      unclassified,
      `Routes the isolation matrix cannot classify. Add them to PUBLIC (src/isolation.test.ts) or give their ids a recipe (PATH_ID_RECIPES / FIELD_ID_RECIPES in test/harness.ts):\n${unclassified.join('\n')}`,
    ).toEqual([]);
  });

  it('public routes show nothing of anyone', async () => {
    for (const route of routes) {
      if (!isPublic(route) || route.method !== 'GET' || route.url.includes('*') || route.pathParams.length)
        continue;
      for (const headers of [{}, bearer(bob.auth)]) {
        const res = await app.inject({ method: 'GET', url: route.url, headers });
        expect(res.statusCode, `${route.key}: ${res.body}`).toBeLessThan(500);
        expect(leaks(res, []), route.key).toEqual([]);
      }
    }
  });

  for (const plan of plans) {
    it(`${plan.route.key}${plan.throwaway ? ' (as a throwaway person)' : ''}`, async () => {
      for (const c of plan.cases) {
        const caller = plan.throwaway ? await seedPerson(app, fake) : bob;
        // A re-import (reset and resync) still running would leave ids that are about to go, and
        // detection nothing to find.
        await importsSettled(app, caller.auth.user.id);
        await refreshIds(app, caller);
        const input = c.input(caller);
        const before = await snapshotOwner(app, alice.auth.user.id);
        const res = await app.inject({
          method: plan.route.method as 'GET',
          url: fillPath(plan.route.url, input.params) + queryString(input.querystring),
          headers: bearer(caller.auth),
          ...(input.body !== undefined ? { payload: input.body } : {}),
        });
        const where = `${plan.route.key} ${c.name}`;
        expect(res.statusCode, `${where}: ${res.body}`).toBeLessThan(500);
        c.expect(res);
        expect(leaks(res, c.sent), `${where} shows Alice's data`).toEqual([]);
        expect(await snapshotOwner(app, alice.auth.user.id), `${where} changed Alice's rows`).toEqual(before);
        covered.push(`${where}: ${res.statusCode}`);
      }
    });
  }

  it('reports what it covered', () => {
    console.log(`isolation: ${covered.length} cases\n  ${covered.join('\n  ')}`);
    expect(covered.length).toBeGreaterThan(plans.length);
  });
});
