import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody, healthResponse } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { csvOf, insertManualAccount, postPreview } from '../../../test/imports';
import { loadConfig } from '../../config';
import { UPLOAD_LIMITS } from './imports.routes';
import { FILE_READING } from './read-file';

/*
 * What one person, or one address, can make the server do with statement files: adversarial files answer
 * quickly with a reason, a file past the reading budget answers 413 while the server keeps answering, and the
 * upload limits are counted before the body is read.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ runJobs: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => app.close());

async function personWithAccount(on: TestApp = app) {
  const auth = await signUp(on);
  return { auth, accountId: await insertManualAccount(on, auth.user.id) };
}

const health = async (on: TestApp) =>
  expectJson(await on.inject({ method: 'GET', url: '/api/health' }), 200, healthResponse);

const ofx = (transactions: string) =>
  `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n${transactions}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;

describe('files built to be costly', () => {
  it.each([
    [
      'PAYEE nested 20,000 deep (283 KB, which took 20 s before)',
      ofx(`<STMTTRN>${'<PAYEE>'.repeat(20_200)}${'<NAME>x'.repeat(20_200)}`),
      "The file nests a transaction's parts more than 8 deep: it does not look like a bank statement",
    ],
    [
      '25,000 unclosed fields in one transaction',
      ofx(`<STMTTRN>${'<NAME>x<MEMO>'.repeat(25_000)}`),
      'The file has a transaction with more than 100 fields: it does not look like a bank statement',
    ],
    [
      'a CSV line of 200,000 delimiters',
      `Date,Description,Amount\n${','.repeat(200_000)}\n`,
      'Line 2 is longer than 100,000 characters: the file does not look like a bank statement',
    ],
  ])('answers %s with a 400 that says why, and the server answers meanwhile', async (_, content, message) => {
    const { auth, accountId } = await personWithAccount();
    const [preview, alive] = await Promise.all([postPreview(app, auth, { accountId, content }), health(app)]);
    expect(expectJson(preview, 400, errorBody)).toMatchObject({ code: 'IMPORT_UNREADABLE', message });
    expect(alive.status).toBe('ok');
  });

  it('previews a file of 33,000 unclosed STMTTRN tags as that many invalid rows', async () => {
    const { auth, accountId } = await personWithAccount();
    const res = await postPreview(app, auth, { accountId, content: ofx('<STMTTRN>'.repeat(33_000)) });
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toMatchObject({ total: 33_000, invalid: 33_000 });
  });
});

describe('the reading budget', () => {
  let slow: TestApp;
  beforeAll(async () => {
    const normal = FILE_READING.timeoutMs;
    FILE_READING.timeoutMs = 1;
    try {
      slow = await createTestApp({ runJobs: false });
    } finally {
      FILE_READING.timeoutMs = normal;
    }
  });
  afterAll(() => slow.close());

  it('answers a file that takes longer than the budget with a 413 that says so, and keeps answering', async () => {
    const { auth, accountId } = await personWithAccount(slow);
    const rows = Array.from({ length: 100_000 }, () => ['2026-03-02', 'COFFEE', '-3.50'] as const);
    const res = await postPreview(slow, auth, { accountId, content: csvOf(rows) });
    expect(expectJson(res, 413, errorBody)).toEqual({
      code: 'IMPORT_TOO_COSTLY',
      message:
        'This file took too long to read. Check that it is a bank statement (CSV, OFX, QFX or QIF), or import it in parts (a year at a time).',
    });
    expect((await health(slow)).status).toBe('ok');
    // The slot was given back with the answer: the person may send again.
    expect((await postPreview(slow, auth, { accountId, content: csvOf(rows) })).statusCode).toBe(413);
  });
});

describe('upload limits, counted before the body is read', () => {
  /** A request whose body would be a 400 if it were read: a 429 for it proves the body was never parsed. */
  const unreadBody = (auth: { token: string }, remoteAddress: string, url = '/api/imports') =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { ...bearer(auth), 'content-type': 'application/json' },
      payload: '{"this is not": json',
    });

  it('limits imports per address across people, and not other addresses', async () => {
    const address = '203.0.113.7';
    const people = await Promise.all([signUp(app), signUp(app), signUp(app), signUp(app)]);
    // Each person stays under their own limit; together they reach the address's.
    for (let i = 0; i < loadConfig({}).uploadsPerMinutePerAddress.imports; i++) {
      const person = people[i % people.length] as { token: string };
      expect((await unreadBody(person, address)).statusCode).toBe(400);
    }
    const late = await signUp(app);
    const limited = expectJson(await unreadBody(late, address), 429, errorBody);
    expect(limited.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await unreadBody(late, '203.0.113.8')).statusCode).toBe(400);
  });

  it('limits previews per person before reading the body', async () => {
    const auth = await signUp(app);
    for (let i = 0; i < UPLOAD_LIMITS.previewsPerMinute; i++) {
      expect((await unreadBody(auth, `198.51.100.${i % 3}`, '/api/imports/preview')).statusCode).toBe(400);
    }
    const limited = await unreadBody(auth, '198.51.100.200', '/api/imports/preview');
    expect(expectJson(limited, 429, errorBody).code).toBe('RATE_LIMITED');
  });

  it('gives the concurrent-upload slot back after errors', async () => {
    const { auth, accountId } = await personWithAccount();
    // More failures in a row than the slots: each one's slot came back, or the third would be a 429.
    for (let i = 0; i < UPLOAD_LIMITS.atOnce + 2; i++) {
      expect((await unreadBody(auth, '192.0.2.1', '/api/imports/preview')).statusCode).toBe(400);
      const unknown = await postPreview(app, auth, { accountId: randomUUID(), content: 'x' });
      expect(unknown.statusCode).toBe(404);
      const unreadable = await postPreview(app, auth, { accountId, content: '%PDF-1.7' });
      expect(unreadable.statusCode).toBe(400);
    }
  });

  describe('at most two at once per person', () => {
    let port: number;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });

    /** An upload whose body is still arriving: headers sent, a little of the body, then nothing. */
    function stalledUpload(auth: { token: string }) {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/imports/preview',
        headers: { ...bearer(auth), 'content-type': 'application/json', 'content-length': 1_000_000 },
      });
      // A stalled upload the server answered (or dropped) holds no slot: the wait below says which, if so.
      req.on('response', (res) => ended.push(`answered ${res.statusCode}`));
      req.on('error', (error) => ended.push(`failed: ${error.message}`));
      req.write('{"accountId":');
      return req;
    }
    const ended: string[] = [];

    it('answers a third upload 429 before reading its body, and frees the slots when the uploads are abandoned', async () => {
      const { auth, accountId } = await personWithAccount();
      // The two uploads reach the server over real connections: on a busy machine that can take a while,
      // and a third sent before both arrived would hold a slot itself and have one of them refused.
      let arrived = 0;
      const count = (req: http.IncomingMessage) => {
        if (req.url === '/api/imports/preview') arrived += 1;
      };
      app.server.on('request', count);
      const uploads = [stalledUpload(auth), stalledUpload(auth)];
      await vi.waitFor(() => expect(arrived).toBe(2), { timeout: 15_000, interval: 20 });
      app.server.off('request', count);
      const busy = {
        code: 'RATE_LIMITED',
        message: 'You are already sending 2 files. Wait for them to finish, then try again.',
      };
      // Each try is a preview that counts against the person's limit, so tries are spaced so both waits below stay under it.
      const patiently = { timeout: 15_000, interval: 300 };
      expect(patiently.timeout / patiently.interval).toBeLessThanOrEqual(UPLOAD_LIMITS.previewsPerMinute / 2);
      try {
        await vi.waitFor(async () => {
          expect(ended, 'the stalled uploads were still open').toEqual([]);
          expect(
            expectJson(await unreadBody(auth, '192.0.2.2', '/api/imports/preview'), 429, errorBody),
          ).toEqual(busy);
        }, patiently);
        // Another person is not held up by it.
        const other = await personWithAccount();
        const theirs = await postPreview(app, other.auth, {
          accountId: other.accountId,
          content: csvOf([['2026-03-02', 'COFFEE', '-3.50']]),
        });
        expect(theirs.statusCode).toBe(200);
      } finally {
        // Closing the app waits for open connections: these go whatever happened above.
        for (const upload of uploads) upload.destroy();
        ended.length = 0;
      }
      await vi.waitFor(async () => {
        const res = await postPreview(app, auth, {
          accountId,
          content: csvOf([['2026-03-02', 'COFFEE', '-3.50']]),
        });
        expect(res.statusCode).toBe(200);
      }, patiently);
    });
  });
});
