import { expect } from 'vitest';
import type { TestApp } from './helpers';

/**
 * transaction_rollups, daily_spending, account_days, transaction_week_rollups and merchant_rollups equal to counting the live rows, for everyone: what the statement
 * triggers on `transactions` must keep true after every write. Answers how many rollup rows there are.
 */
export async function expectRollupsExact(app: Pick<TestApp, 'database'>): Promise<number> {
  const [stored, counted] = await Promise.all([
    app.database.query(
      `select user_id, month::text, account_id, category, is_transfer, count, income::text, expenses::text
         from transaction_rollups order by 1, 2, 3, 4, 5`,
    ),
    app.database.query(
      `select user_id, date_trunc('month', date::timestamp)::date::text as month, account_id, category, is_transfer,
              count(*)::int as count, coalesce(sum(amount) filter (where amount > 0), 0)::text as income,
              coalesce(-sum(amount) filter (where amount < 0), 0)::text as expenses
         from transactions where deleted_at is null group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    ),
  ]);
  expect(stored).toEqual(counted);
  // And the daily spending count-up reads: non-transfer rows per person, day and category.
  const [daily, summed] = await Promise.all([
    app.database.query(
      'select user_id, day::text, category, spent::text from daily_spending order by 1, 2, 3',
    ),
    app.database.query(
      `select user_id, date::text as day, category, (-sum(amount))::text as spent
         from transactions where deleted_at is null and not is_transfer
        group by 1, 2, 3 having sum(amount) <> 0 order by 1, 2, 3`,
    ),
  ]);
  expect(daily).toEqual(summed);
  // And the days net worth runs balances back by: live rows per person, day and account, the posted ones summed.
  const [days, counts] = await Promise.all([
    app.database.query(
      'select user_id, day::text, account_id, count, net::text from account_days order by 1, 2, 3',
    ),
    app.database.query(
      `select user_id, date::text as day, account_id, count(*)::int as count,
              coalesce(sum(amount) filter (where not pending), 0)::text as net
         from transactions where deleted_at is null group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ]);
  expect(days).toEqual(counts);
  // And the same totals by week, for reports by week.
  const [weeks, byWeek] = await Promise.all([
    app.database.query(
      `select user_id, week::text, account_id, category, is_transfer, count, income::text, expenses::text
         from transaction_week_rollups order by 1, 2, 3, 4, 5`,
    ),
    app.database.query(
      `select user_id, date_trunc('week', date::timestamp)::date::text as week, account_id, category, is_transfer,
              count(*)::int as count, coalesce(sum(amount) filter (where amount > 0), 0)::text as income,
              coalesce(-sum(amount) filter (where amount < 0), 0)::text as expenses
         from transactions where deleted_at is null group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    ),
  ]);
  expect(weeks).toEqual(byWeek);
  // And the merchants the spending report reads.
  const [merchants, byMerchant] = await Promise.all([
    app.database.query(
      `select user_id, month::text, merchant, account_id, category, count, spent::text
         from merchant_rollups order by 1, 2, 3, 4, 5`,
    ),
    app.database.query(
      `select user_id, date_trunc('month', date::timestamp)::date::text as month, btrim(merchant_name) as merchant,
              account_id, category, count(*)::int as count,
              coalesce(-sum(amount) filter (where amount < 0 and not is_transfer), 0)::text as spent
         from transactions where deleted_at is null and btrim(coalesce(merchant_name, '')) <> ''
        group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    ),
  ]);
  expect(merchants).toEqual(byMerchant);
  return stored.length;
}
