-- Days that come to zero are removed by their keys, as the upsert answers them, instead of by a join of every
-- zero day with the statement's rows: a delete of a few people at once (250,000 rows on PostgreSQL) planned
-- that join as a nested loop over the transition table and ran for hours. Same result, whatever the plan.
CREATE OR REPLACE FUNCTION transactions_daily_spending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zero_users uuid[];
  zero_days date[];
  zero_categories smallint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changed AS (
      INSERT INTO daily_spending AS d (user_id, day, category, spent)
      SELECT user_id, date, category, -sum(amount)
        FROM new_rows WHERE deleted_at IS NULL AND NOT is_transfer
       GROUP BY 1, 2, 3 HAVING sum(amount) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (user_id, day, category) DO UPDATE SET spent = d.spent + excluded.spent
      RETURNING d.user_id, d.day, d.category, d.spent)
    SELECT array_agg(user_id), array_agg(day), array_agg(category)
      INTO zero_users, zero_days, zero_categories FROM changed WHERE spent = 0;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changed AS (
      INSERT INTO daily_spending AS d (user_id, day, category, spent)
      SELECT user_id, date, category, sum(amount)
        FROM old_rows WHERE deleted_at IS NULL AND NOT is_transfer
       GROUP BY 1, 2, 3 HAVING sum(amount) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (user_id, day, category) DO UPDATE SET spent = d.spent + excluded.spent
      RETURNING d.user_id, d.day, d.category, d.spent)
    SELECT array_agg(user_id), array_agg(day), array_agg(category)
      INTO zero_users, zero_days, zero_categories FROM changed WHERE spent = 0;
  ELSE
    -- A date can move too: both days are upserted, and either may come to zero.
    WITH changed AS (
      INSERT INTO daily_spending AS d (user_id, day, category, spent)
      SELECT user_id, date, category, -sum(sign * amount)
        FROM (SELECT user_id, date, category, amount, deleted_at, is_transfer, 1 AS sign FROM new_rows
              UNION ALL
              SELECT user_id, date, category, amount, deleted_at, is_transfer, -1 FROM old_rows) AS c
       WHERE deleted_at IS NULL AND NOT is_transfer
       GROUP BY 1, 2, 3 HAVING sum(sign * amount) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (user_id, day, category) DO UPDATE SET spent = d.spent + excluded.spent
      RETURNING d.user_id, d.day, d.category, d.spent)
    SELECT array_agg(user_id), array_agg(day), array_agg(category)
      INTO zero_users, zero_days, zero_categories FROM changed WHERE spent = 0;
  END IF;
  IF zero_users IS NOT NULL THEN
    DELETE FROM daily_spending d
     USING unnest(zero_users, zero_days, zero_categories) AS z(user_id, day, category)
     WHERE d.user_id = z.user_id AND d.day = z.day AND d.category = z.category AND d.spent = 0;
  END IF;
  RETURN NULL;
END
$$;
