import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { createLogger } from '../../lib/logger';

const base = new Date('2026-11-20T23:30:00Z');

describe('the test clock', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([
      createTestApp({ now: () => base, runJobs: false }),
      createTestApp({ now: () => base, runJobs: false, env: { TEST_CLOCK: 'true' } }),
    ]);
  });
  afterAll(() => Promise.all([off.close(), on.close()]));

  it('is not there unless TEST_CLOCK is set', async () => {
    const res = await off.inject({ method: 'POST', url: '/api/test/clock', payload: { offsetDays: 1 } });
    expect(res.statusCode).toBe(404);
  });

  it("moves the signed-in person's today by whole days, and back; nobody else's", async () => {
    const [ann, bob] = await Promise.all([signUp(on, { timeZone: 'UTC' }), signUp(on, { timeZone: 'UTC' })]);
    const goalToday = async (auth: typeof ann) => {
      const res = await on.inject({
        method: 'POST',
        url: '/api/savings/goals',
        headers: bearer(auth),
        payload: { name: 'Clock', targetAmount: 10, allocationPercentage: 1 },
      });
      return res.json().startDate;
    };
    const move = (auth: typeof ann, offsetDays: number) =>
      on.inject({ method: 'POST', url: '/api/test/clock', headers: bearer(auth), payload: { offsetDays } });
    expect(await goalToday(ann)).toBe('2026-11-20');
    expect((await move(ann, 3)).statusCode).toBe(204);
    expect(await goalToday(ann)).toBe('2026-11-23');
    expect(await goalToday(bob)).toBe('2026-11-20');
    expect((await move(bob, 1)).statusCode).toBe(204);
    expect(await goalToday(bob)).toBe('2026-11-21');
    expect(await goalToday(ann)).toBe('2026-11-23');
    expect((await move(ann, -1)).statusCode).toBe(400);
    await move(ann, 0);
    expect(await goalToday(ann)).toBe('2026-11-20');
  });

  it("keeps sessions on real time: a person whose clock moves past their session's end stays signed in", async () => {
    const cleo = await signUp(on, { timeZone: 'UTC' });
    const moved = await on.inject({
      method: 'POST',
      url: '/api/test/clock',
      headers: bearer(cleo),
      payload: { offsetDays: 366 },
    });
    expect(moved.statusCode).toBe(204);
    const me = await on.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(cleo) });
    expect(me.statusCode).toBe(200);
  });

  it('moves no clock for a guest', async () => {
    const res = await on.inject({ method: 'POST', url: '/api/test/clock', payload: { offsetDays: 1 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('starting with the test clock', () => {
  const startLogs = async (env: Record<string, string>) => {
    const lines: { level: number; msg: string }[] = [];
    const log = createLogger(
      { logLevel: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line)) },
    );
    const app = await createTestApp({ now: () => base, runJobs: false, env, log });
    await app.ready();
    await app.close();
    return lines;
  };
  const WARN = 40;

  it('warns at every start while it is on, and says nothing of it when off', async () => {
    for (let start = 0; start < 2; start++) {
      const warnings = (await startLogs({ TEST_CLOCK: 'true' })).filter((l) => l.level === WARN);
      expect(warnings.map((l) => l.msg)).toContainEqual(
        expect.stringMatching(/^TEST_CLOCK is on: .*their own clock/),
      );
    }
    const off = await startLogs({});
    expect(off.filter((l) => l.msg.includes('TEST_CLOCK'))).toEqual([]);
  });
});
