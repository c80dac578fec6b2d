import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, api } from '../../../lib/api';
import { STARBUCKS_ID } from '../test-fixtures';
import { APPLY_RULE_TIMEOUT_MS, applyRule } from './apply-rule';

/**
 * A server that has not answered yet: each call waits until the test answers it, or until its signal aborts
 * (as a real fetch does).
 */
function slowServer() {
  const calls: { signal: AbortSignal; answer: (body: unknown) => void }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init?.signal as AbortSignal;
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          calls.push({ signal, answer: (body) => resolve(Response.json(body)) });
        }),
    ),
  );
  return calls;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // jsdom's AbortSignal.timeout runs on timers the test cannot move; the same signal on ones it can.
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('Timed out', 'TimeoutError')), ms);
    return controller.signal;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('applyRule', () => {
  it('waits past the usual time limit for a rule that changes many transactions', async () => {
    const calls = slowServer();
    const applied = applyRule(STARBUCKS_ID);

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 3_000);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal.aborted).toBe(false);

    calls[0]?.answer({ changed: 80_000 });
    await expect(applied).resolves.toEqual({ changed: 80_000 });
  });

  it('gives up, as a timeout, once its own longer limit has passed', async () => {
    slowServer();
    const applied = expect(applyRule(STARBUCKS_ID)).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(APPLY_RULE_TIMEOUT_MS);
    await applied;
  });

  it('would have given up at the usual limit without its own', async () => {
    expect(APPLY_RULE_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
    slowServer();
    const usual = expect(api.post(`rules/${STARBUCKS_ID}/apply`)).rejects.toMatchObject({ code: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    await usual;
  });
});
