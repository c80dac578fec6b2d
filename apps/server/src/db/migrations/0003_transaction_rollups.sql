CREATE TABLE "transaction_rollups" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"account_id" uuid NOT NULL,
	"category" smallint NOT NULL,
	"is_transfer" boolean NOT NULL,
	"count" integer NOT NULL,
	"income" bigint NOT NULL,
	"expenses" bigint NOT NULL,
	CONSTRAINT "transaction_rollups_user_id_month_account_id_category_is_transfer_pk" PRIMARY KEY("user_id","month","account_id","category","is_transfer")
);
--> statement-breakpoint
-- Keeps transaction_rollups equal to the live (not deleted) transactions grouped by person, month,
-- account, category and transfer flag. Statement triggers see each statement's rows once; keys are
-- written in a fixed order so concurrent writers lock rollup rows in the same order.
CREATE FUNCTION transactions_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_rollups AS r (user_id, month, account_id, category, is_transfer, count, income, expenses)
    SELECT user_id, date_trunc('month', date::timestamp)::date, account_id, category, is_transfer, count(*),
           coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)
      FROM new_rows WHERE deleted_at IS NULL
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, month, account_id, category, is_transfer) DO UPDATE
      SET count = r.count + excluded.count, income = r.income + excluded.income, expenses = r.expenses + excluded.expenses;
    RETURN NULL;
  END IF;

  IF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_rollups AS r (user_id, month, account_id, category, is_transfer, count, income, expenses)
    SELECT user_id, date_trunc('month', date::timestamp)::date, account_id, category, is_transfer, -count(*),
           -coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(sum(amount) FILTER (WHERE amount < 0), 0)
      FROM old_rows WHERE deleted_at IS NULL
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, month, account_id, category, is_transfer) DO UPDATE
      SET count = r.count + excluded.count, income = r.income + excluded.income, expenses = r.expenses + excluded.expenses;
  ELSE
    INSERT INTO transaction_rollups AS r (user_id, month, account_id, category, is_transfer, count, income, expenses)
    SELECT user_id, date_trunc('month', date::timestamp)::date, account_id, category, is_transfer, sum(sign),
           coalesce(sum(sign * amount) FILTER (WHERE amount > 0), 0),
           coalesce(-sum(sign * amount) FILTER (WHERE amount < 0), 0)
      FROM (SELECT user_id, date, account_id, category, is_transfer, amount, deleted_at, 1 AS sign FROM new_rows
            UNION ALL
            SELECT user_id, date, account_id, category, is_transfer, amount, deleted_at, -1 FROM old_rows) AS c
     WHERE deleted_at IS NULL
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(sign) <> 0 OR sum(sign * amount) FILTER (WHERE amount > 0) <> 0
        OR sum(sign * amount) FILTER (WHERE amount < 0) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, month, account_id, category, is_transfer) DO UPDATE
      SET count = r.count + excluded.count, income = r.income + excluded.income, expenses = r.expenses + excluded.expenses;
  END IF;
  DELETE FROM transaction_rollups
   WHERE count = 0 AND user_id IN (SELECT DISTINCT user_id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_rollup_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup();
--> statement-breakpoint
CREATE TRIGGER transactions_rollup_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup();
--> statement-breakpoint
CREATE TRIGGER transactions_rollup_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup();
--> statement-breakpoint
INSERT INTO transaction_rollups (user_id, month, account_id, category, is_transfer, count, income, expenses)
SELECT user_id, date_trunc('month', date::timestamp)::date, account_id, category, is_transfer, count(*),
       coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)
  FROM transactions WHERE deleted_at IS NULL
 GROUP BY 1, 2, 3, 4, 5;
