import { describe, expect, it } from 'vitest';
import { type Deposit, projectIncome } from './income';

const pay = (date: string, amount = 250_000, source = 'acme'): Deposit => ({
  source,
  label: source === 'acme' ? 'Acme Payroll' : source,
  date,
  amount,
});

describe('projectIncome', () => {
  it('expects bi-weekly pay every 14 days after the last one, up to the day asked', () => {
    const deposits = [pay('2026-10-16'), pay('2026-10-30'), pay('2026-11-13', 260_000)];
    expect(projectIncome(deposits, '2026-11-20', '2026-11-30')).toEqual([
      { label: 'Acme Payroll', amount: 260_000, date: '2026-11-27' },
    ]);
    expect(projectIncome(deposits, '2026-11-20', '2026-12-31').map((e) => e.date)).toEqual([
      '2026-11-27',
      '2026-12-11',
      '2026-12-25',
    ]);
  });

  it('tolerates a gap moved by a weekend, and adds same-day deposits from one payer', () => {
    const deposits = [pay('2026-09-30'), pay('2026-10-31'), pay('2026-11-28', 100), pay('2026-11-28', 200)];
    expect(projectIncome(deposits, '2026-11-29', '2026-12-31')).toEqual([
      { label: 'Acme Payroll', amount: 300, date: '2026-12-29' },
    ]);
  });

  it('does not count on one-off, irregular, stopped or rare income', () => {
    expect(projectIncome([pay('2026-11-01')], '2026-11-20', '2026-11-30')).toEqual([]);
    const irregular = [pay('2026-09-01'), pay('2026-09-05'), pay('2026-10-20'), pay('2026-11-01')];
    expect(projectIncome(irregular, '2026-11-20', '2026-11-30')).toEqual([]);
    const stopped = [pay('2026-08-01'), pay('2026-08-15'), pay('2026-08-29')];
    expect(projectIncome(stopped, '2026-11-20', '2026-11-30')).toEqual([]);
    const quarterly = [pay('2026-05-15'), pay('2026-08-15'), pay('2026-11-15')];
    expect(projectIncome(quarterly, '2026-11-20', '2027-02-28')).toEqual([]);
  });

  it('ignores deposits after today and refunds of zero or less', () => {
    const deposits = [pay('2026-10-30'), pay('2026-11-13'), pay('2026-11-27'), pay('2026-11-14', -5)];
    expect(projectIncome(deposits, '2026-11-20', '2026-11-30')).toEqual([
      { label: 'Acme Payroll', amount: 250_000, date: '2026-11-27' },
    ]);
  });
});
