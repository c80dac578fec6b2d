CREATE TABLE "merchant_rollups" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"merchant" text NOT NULL,
	"account_id" uuid NOT NULL,
	"category" smallint NOT NULL,
	"count" integer NOT NULL,
	"spent" bigint NOT NULL,
	CONSTRAINT "merchant_rollups_user_id_month_merchant_account_id_category_pk" PRIMARY KEY("user_id","month","merchant","account_id","category")
);
--> statement-breakpoint
CREATE TABLE "transaction_week_rollups" (
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"account_id" uuid NOT NULL,
	"category" smallint NOT NULL,
	"is_transfer" boolean NOT NULL,
	"count" integer NOT NULL,
	"income" bigint NOT NULL,
	"expenses" bigint NOT NULL,
	CONSTRAINT "transaction_week_rollups_user_id_week_account_id_category_is_transfer_pk" PRIMARY KEY("user_id","week","account_id","category","is_transfer")
);
--> statement-breakpoint
-- Every person's weeks and merchants so far, before the triggers keep them.
INSERT INTO transaction_week_rollups (user_id, week, account_id, category, is_transfer, count, income, expenses)
  SELECT user_id, date_trunc('week', date::timestamp)::date, account_id, category, is_transfer, count(*),
         coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)
    FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO merchant_rollups (user_id, month, merchant, account_id, category, count, spent)
  SELECT user_id, date_trunc('month', date::timestamp)::date, btrim(merchant_name), account_id, category, count(*),
         coalesce(-sum(amount) FILTER (WHERE amount < 0 AND NOT is_transfer), 0)
    FROM transactions WHERE deleted_at IS NULL AND btrim(coalesce(merchant_name, '')) <> ''
   GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- transactions_rollup (0003) by week: Monday to Sunday, as date_trunc('week') and the reports count them. Only
-- the rows the statement's old rows touched can come to zero: those are looked up by key and deleted.
CREATE FUNCTION transactions_week_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_week_rollups AS r (user_id, week, account_id, category, is_transfer, count, income, expenses)
    SELECT user_id, date_trunc('week', date::timestamp)::date, account_id, category, is_transfer, count(*),
           coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)
      FROM new_rows WHERE deleted_at IS NULL
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, week, account_id, category, is_transfer) DO UPDATE
      SET count = r.count + excluded.count, income = r.income + excluded.income, expenses = r.expenses + excluded.expenses;
    RETURN NULL;
  END IF;

  IF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_week_rollups AS r (user_id, week, account_id, category, is_transfer, count, income, expenses)
    SELECT user_id, date_trunc('week', date::timestamp)::date, account_id, category, is_transfer, -count(*),
           -coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(sum(amount) FILTER (WHERE amount < 0), 0)
      FROM old_rows WHERE deleted_at IS NULL
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, week, account_id, category, is_transfer) DO UPDATE
      SET count = r.count + excluded.count, income = r.income + excluded.income, expenses = r.expenses + excluded.expenses;
  ELSE
    INSERT INTO transaction_week_rollups AS r (user_id, week, account_id, category, is_transfer, count, income, expenses)
    SELECT user_id, date_trunc('week', date::timestamp)::date, account_id, category, is_transfer, sum(sign),
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
    ON CONFLICT (user_id, week, account_id, category, is_transfer) DO UPDATE
      SET count = r.count + excluded.count, income = r.income + excluded.income, expenses = r.expenses + excluded.expenses;
  END IF;
  DELETE FROM transaction_week_rollups r
   USING (SELECT DISTINCT user_id, date_trunc('week', date::timestamp)::date AS week, account_id, category, is_transfer
            FROM old_rows) AS o
   WHERE r.count = 0 AND r.user_id = o.user_id AND r.week = o.week AND r.account_id = o.account_id
     AND r.category = o.category AND r.is_transfer = o.is_transfer;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows with a merchant (blank is none) per person, month, merchant as spelled (trimmed), account and category:
-- every row counted, money out summed with transfers left out, as the spending report reads them.
CREATE FUNCTION transactions_merchant_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO merchant_rollups AS r (user_id, month, merchant, account_id, category, count, spent)
    SELECT user_id, date_trunc('month', date::timestamp)::date, btrim(merchant_name), account_id, category, count(*),
           coalesce(-sum(amount) FILTER (WHERE amount < 0 AND NOT is_transfer), 0)
      FROM new_rows WHERE deleted_at IS NULL AND btrim(coalesce(merchant_name, '')) <> ''
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, month, merchant, account_id, category) DO UPDATE
      SET count = r.count + excluded.count, spent = r.spent + excluded.spent;
    RETURN NULL;
  END IF;

  IF TG_OP = 'DELETE' THEN
    INSERT INTO merchant_rollups AS r (user_id, month, merchant, account_id, category, count, spent)
    SELECT user_id, date_trunc('month', date::timestamp)::date, btrim(merchant_name), account_id, category, -count(*),
           coalesce(sum(amount) FILTER (WHERE amount < 0 AND NOT is_transfer), 0)
      FROM old_rows WHERE deleted_at IS NULL AND btrim(coalesce(merchant_name, '')) <> ''
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, month, merchant, account_id, category) DO UPDATE
      SET count = r.count + excluded.count, spent = r.spent + excluded.spent;
  ELSE
    INSERT INTO merchant_rollups AS r (user_id, month, merchant, account_id, category, count, spent)
    SELECT user_id, date_trunc('month', date::timestamp)::date, btrim(merchant_name), account_id, category, sum(sign),
           coalesce(-sum(sign * amount) FILTER (WHERE amount < 0 AND NOT is_transfer), 0)
      FROM (SELECT user_id, date, merchant_name, account_id, category, is_transfer, amount, deleted_at, 1 AS sign
              FROM new_rows
            UNION ALL
            SELECT user_id, date, merchant_name, account_id, category, is_transfer, amount, deleted_at, -1
              FROM old_rows) AS c
     WHERE deleted_at IS NULL AND btrim(coalesce(merchant_name, '')) <> ''
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(sign) <> 0 OR sum(sign * amount) FILTER (WHERE amount < 0 AND NOT is_transfer) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, month, merchant, account_id, category) DO UPDATE
      SET count = r.count + excluded.count, spent = r.spent + excluded.spent;
  END IF;
  DELETE FROM merchant_rollups r
   USING (SELECT DISTINCT user_id, date_trunc('month', date::timestamp)::date AS month, btrim(merchant_name) AS merchant,
                 account_id, category
            FROM old_rows WHERE btrim(coalesce(merchant_name, '')) <> '') AS o
   WHERE r.count = 0 AND r.user_id = o.user_id AND r.month = o.month AND r.merchant = o.merchant
     AND r.account_id = o.account_id AND r.category = o.category;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_week_rollup_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_week_rollup();
--> statement-breakpoint
CREATE TRIGGER transactions_week_rollup_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_week_rollup();
--> statement-breakpoint
CREATE TRIGGER transactions_week_rollup_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_week_rollup();
--> statement-breakpoint
CREATE TRIGGER transactions_merchant_rollup_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_merchant_rollup();
--> statement-breakpoint
CREATE TRIGGER transactions_merchant_rollup_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_merchant_rollup();
--> statement-breakpoint
CREATE TRIGGER transactions_merchant_rollup_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_merchant_rollup();
--> statement-breakpoint
-- Also when a file import skips foreign-key checks (session_replication_role = replica), as in 0020.
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_week_rollup_insert;
--> statement-breakpoint
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_week_rollup_update;
--> statement-breakpoint
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_week_rollup_delete;
--> statement-breakpoint
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_merchant_rollup_insert;
--> statement-breakpoint
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_merchant_rollup_update;
--> statement-breakpoint
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_merchant_rollup_delete;
