CREATE TABLE "account_balances" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "account_balances_user_id_account_id_day_pk" PRIMARY KEY("user_id","account_id","day")
);
--> statement-breakpoint
CREATE TABLE "account_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"account_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"net" bigint NOT NULL,
	CONSTRAINT "account_days_user_id_day_account_id_pk" PRIMARY KEY("user_id","day","account_id")
);
--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_user_account_fk" FOREIGN KEY ("user_id","account_id") REFERENCES "public"."bank_accounts"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every account's days so far, before the triggers keep them.
INSERT INTO account_days (user_id, day, account_id, count, net)
  SELECT user_id, date, account_id, count(*), coalesce(sum(amount) FILTER (WHERE NOT pending), 0)
    FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Like transactions_rollup (0003): each statement's rows counted and summed per person, day and account, the
-- live ones only; a pending row is counted but not summed, as the bank's balance leaves it out until it posts.
CREATE FUNCTION transactions_account_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_days AS d (user_id, day, account_id, count, net)
    SELECT user_id, date, account_id, count(*), coalesce(sum(amount) FILTER (WHERE NOT pending), 0)
      FROM new_rows WHERE deleted_at IS NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, day, account_id) DO UPDATE SET count = d.count + excluded.count, net = d.net + excluded.net;
    RETURN NULL;
  END IF;

  IF TG_OP = 'DELETE' THEN
    INSERT INTO account_days AS d (user_id, day, account_id, count, net)
    SELECT user_id, date, account_id, -count(*), -coalesce(sum(amount) FILTER (WHERE NOT pending), 0)
      FROM old_rows WHERE deleted_at IS NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, day, account_id) DO UPDATE SET count = d.count + excluded.count, net = d.net + excluded.net;
  ELSE
    INSERT INTO account_days AS d (user_id, day, account_id, count, net)
    SELECT user_id, date, account_id, sum(sign), coalesce(sum(sign * amount) FILTER (WHERE NOT pending), 0)
      FROM (SELECT user_id, date, account_id, amount, pending, deleted_at, 1 AS sign FROM new_rows
            UNION ALL
            SELECT user_id, date, account_id, amount, pending, deleted_at, -1 FROM old_rows) AS c
     WHERE deleted_at IS NULL
     GROUP BY 1, 2, 3
    HAVING sum(sign) <> 0 OR sum(sign * amount) FILTER (WHERE NOT pending) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (user_id, day, account_id) DO UPDATE SET count = d.count + excluded.count, net = d.net + excluded.net;
  END IF;
  -- Only the days the statement's old rows touched can come to zero: those are looked up by key.
  DELETE FROM account_days d
   USING (SELECT DISTINCT user_id, date, account_id FROM old_rows) AS o
   WHERE d.count = 0 AND d.user_id = o.user_id AND d.day = o.date AND d.account_id = o.account_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named to fire after transactions_manual_balance (triggers fire in name order): a write to a manual account
-- takes the account's lock first and its day's row after, as the edits that lock the account up front do, so
-- two writers never wait on each other in a cycle.
CREATE TRIGGER transactions_net_worth_days_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_account_days();
--> statement-breakpoint
CREATE TRIGGER transactions_net_worth_days_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_account_days();
--> statement-breakpoint
CREATE TRIGGER transactions_net_worth_days_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_account_days();
--> statement-breakpoint
-- Also when a file import skips foreign-key checks (session_replication_role = replica), as in 0020.
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_net_worth_days_insert;
--> statement-breakpoint
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_net_worth_days_update;
--> statement-breakpoint
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_net_worth_days_delete;
