CREATE TABLE "daily_spending" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"category" smallint NOT NULL,
	"spent" bigint NOT NULL,
	CONSTRAINT "daily_spending_user_id_day_category_pk" PRIMARY KEY("user_id","day","category")
);
--> statement-breakpoint
-- Keeps daily_spending equal to the live, non-transfer transactions grouped by person, day and category,
-- as -sum(amount). Statement triggers see each statement's rows once; keys are written in a fixed order so
-- concurrent writers lock rows in the same order; days that net to zero are removed.
CREATE FUNCTION transactions_daily_spending() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_spending AS d (user_id, day, category, spent)
    SELECT user_id, date, category, -sum(amount)
      FROM new_rows WHERE deleted_at IS NULL AND NOT is_transfer
     GROUP BY 1, 2, 3 HAVING sum(amount) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, day, category) DO UPDATE SET spent = d.spent + excluded.spent;
    DELETE FROM daily_spending WHERE spent = 0 AND (user_id, day) IN (SELECT user_id, date FROM new_rows);
    RETURN NULL;
  END IF;

  IF TG_OP = 'DELETE' THEN
    INSERT INTO daily_spending AS d (user_id, day, category, spent)
    SELECT user_id, date, category, sum(amount)
      FROM old_rows WHERE deleted_at IS NULL AND NOT is_transfer
     GROUP BY 1, 2, 3 HAVING sum(amount) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, day, category) DO UPDATE SET spent = d.spent + excluded.spent;
  ELSE
    INSERT INTO daily_spending AS d (user_id, day, category, spent)
    SELECT user_id, date, category, -sum(sign * amount)
      FROM (SELECT user_id, date, category, amount, deleted_at, is_transfer, 1 AS sign FROM new_rows
            UNION ALL
            SELECT user_id, date, category, amount, deleted_at, is_transfer, -1 FROM old_rows) AS c
     WHERE deleted_at IS NULL AND NOT is_transfer
     GROUP BY 1, 2, 3 HAVING sum(sign * amount) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, day, category) DO UPDATE SET spent = d.spent + excluded.spent;
    -- A date can move too: both days may have come to zero.
    DELETE FROM daily_spending WHERE spent = 0 AND (user_id, day) IN (SELECT user_id, date FROM new_rows);
  END IF;
  DELETE FROM daily_spending WHERE spent = 0 AND (user_id, day) IN (SELECT user_id, date FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_daily_spending_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_daily_spending();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_spending_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_daily_spending();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_spending_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_daily_spending();
--> statement-breakpoint
INSERT INTO daily_spending (user_id, day, category, spent)
SELECT user_id, date, category, -sum(amount)
  FROM transactions WHERE deleted_at IS NULL AND NOT is_transfer
 GROUP BY 1, 2, 3 HAVING sum(amount) <> 0;
