import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportTransactionsCsv } from './export-transactions';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('exporting transactions', () => {
  it('asks for the CSV of the current filters with the signed-in token and keeps the server’s file name', async () => {
    localStorage.setItem('authToken', 'token-1');
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response('Date,Description\n2026-03-01,Coffee\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="tally-transactions-2026-03-15.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const file = await exportTransactionsCsv('category=21&startDate=2026-03-01');

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/transactions/export?category=21&startDate=2026-03-01');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    expect(file.filename).toBe('tally-transactions-2026-03-15.csv');
    expect(await file.blob.text()).toContain('2026-03-01,Coffee');
  });

  it('fails on an error answer, so the screen can show its toast', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"boom"}', { status: 500 }));
    await expect(exportTransactionsCsv('')).rejects.toThrow('Export failed (500)');
  });
});
