import { errorBody, profileResponse } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

/** The profile route's per-person limit (settings.routes.ts). */
const PROFILE_UPDATES_PER_MINUTE = 30;

describe('PUT /api/user/profile limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });
  });
  afterAll(() => app.close());

  const putProfile = (auth: { token: string }, timeZone: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(auth),
      payload: { firstName: 'Ada', lastName: 'King', timeZone },
    });

  it('stores every spelling of a zone as its one canonical name', async () => {
    const ada = await signUp(app);
    for (const spelling of ['asia/tokyo', 'ASIA/TOKYO', 'Asia/Tokyo', 'aSiA/tOkYo']) {
      expect(expectJson(await putProfile(ada, spelling), 200, profileResponse).data.timeZone).toBe(
        'Asia/Tokyo',
      );
    }
    expect(expectJson(await putProfile(ada, 'US/Eastern'), 200, profileResponse).data.timeZone).toBe(
      'America/New_York',
    );
    const stored = await app.database.query<{ time_zone: string }>(
      'select time_zone from users where id = $1',
      [ada.user.id],
    );
    expect(stored[0]?.time_zone).toBe('America/New_York');
  });

  it('answers 429 past its limit, counted per person', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    for (let i = 0; i < PROFILE_UPDATES_PER_MINUTE; i++) {
      expectJson(await putProfile(alice, i % 2 ? 'Europe/Paris' : 'europe/paris'), 200, profileResponse);
    }
    const limited = await putProfile(alice, 'Europe/Paris');
    expect(expectJson(limited, 429, errorBody).code).toBe('RATE_LIMITED');
    // Someone else is not held up by it.
    expectJson(await putProfile(bob, 'Europe/Paris'), 200, profileResponse);
  });
});
