CREATE TABLE "transaction_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"field" text NOT NULL,
	"operator" text NOT NULL,
	"pattern" text NOT NULL,
	"min_amount" bigint,
	"max_amount" bigint,
	"account_id" uuid,
	"set_category" smallint,
	"rename_merchant" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "opening_balance" bigint;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "import_mapping" jsonb;--> statement-breakpoint
ALTER TABLE "transaction_rules" ADD CONSTRAINT "transaction_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_rules" ADD CONSTRAINT "transaction_rules_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_rules_user_position_idx" ON "transaction_rules" USING btree ("user_id","position");--> statement-breakpoint
-- A manual account's balance is its opening balance plus its live transactions (credit and loans count what
-- is owed, so spending raises it): kept here, so every write (by hand, by file, delete, restore) moves it.
CREATE FUNCTION refresh_manual_balances(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The accounts first, in one order (two writers never wait on each other in a cycle); the sum below is
  -- then its own statement, whose snapshot is taken after the lock, so it counts every transaction committed
  -- by whoever held the account before.
  PERFORM 1 FROM bank_accounts
    WHERE id = ANY(ids) AND opening_balance IS NOT NULL ORDER BY id FOR NO KEY UPDATE;
  UPDATE bank_accounts a
     SET current_balance = a.opening_balance + CASE WHEN a.type IN (2, 4) THEN -1 ELSE 1 END * coalesce((
           SELECT sum(t.amount) FROM transactions t
            WHERE t.user_id = a.user_id AND t.account_id = a.id AND t.deleted_at IS NULL), 0),
         updated_at = now()
   WHERE a.id = ANY(ids) AND a.opening_balance IS NOT NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION transactions_manual_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_manual_balances(ARRAY(SELECT DISTINCT account_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_manual_balances(ARRAY(SELECT DISTINCT account_id FROM old_rows));
  ELSE
    PERFORM refresh_manual_balances(ARRAY(SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_manual_balance_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_manual_balance();
--> statement-breakpoint
CREATE TRIGGER transactions_manual_balance_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_manual_balance();
--> statement-breakpoint
CREATE TRIGGER transactions_manual_balance_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_manual_balance();
