import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from '../../../lib/page';
import { fakeApi } from '../../../test-utils';
import { exportTransactionsCsv } from './export-transactions';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('exporting transactions', () => {
  it('asks for the CSV of the current filters with the signed-in token and keeps the server’s file name', async () => {
    localStorage.setItem('authToken', 'token-1');
    const api = fakeApi({
      'GET /api/transactions/export': {
        text: 'Date,Description\n2026-03-01,Coffee\n',
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="tally-transactions-2026-03-15.csv"',
        },
      },
    });

    const file = await exportTransactionsCsv('category=21&startDate=2026-03-01');

    const [request] = api.to('/api/transactions/export');
    expect(request?.href).toBe('/api/transactions/export?category=21&startDate=2026-03-01');
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
    expect(file.filename).toBe('tally-transactions-2026-03-15.csv');
    expect(await file.blob.text()).toContain('2026-03-01,Coffee');
  });

  it('fails on an error answer, so the screen can show its toast', async () => {
    fakeApi({ 'GET /api/transactions/export': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    await expect(exportTransactionsCsv('')).rejects.toThrow('boom');
  });

  it('signs out and goes to /login on a 401, like every other call', async () => {
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('userData', '{}');
    const leaveFor = vi.spyOn(page, 'leaveFor').mockImplementation(() => {});
    fakeApi({
      'GET /api/transactions/export': {
        status: 401,
        body: { message: 'Session expired', code: 'UNAUTHORIZED' },
      },
    });

    await expect(exportTransactionsCsv('')).rejects.toThrow('Session expired');

    expect(leaveFor).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });
});
