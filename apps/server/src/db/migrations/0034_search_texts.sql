CREATE TABLE "transaction_texts" (
	"user_id" uuid NOT NULL,
	"key" uuid NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "transaction_texts_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
DROP INDEX "transactions_search_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "text_key" uuid GENERATED ALWAYS AS (md5(lower(description || ' ' || coalesce(merchant_name, '')))::uuid) STORED NOT NULL;--> statement-breakpoint
-- Every person's texts, before their trigram index is built (one bulk build instead of an entry at a time).
INSERT INTO transaction_texts (user_id, key, text)
  SELECT DISTINCT user_id, text_key, lower(description || ' ' || coalesce(merchant_name, '')) FROM transactions;
--> statement-breakpoint
ALTER TABLE "transaction_texts" ADD CONSTRAINT "transaction_texts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_texts_search_idx" ON "transaction_texts" USING gin ("user_id","text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_user_text_key_idx" ON "transactions" USING btree ("user_id","text_key","date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"account_id","category","amount","is_transfer") WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
-- A written row's text is known from then on: new texts of the statement's rows, once each. Updates too, as
-- a rule or an edit can rename a merchant (a transition table cannot go with a column list).
CREATE FUNCTION transactions_texts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_texts (user_id, key, text)
    SELECT DISTINCT user_id, text_key, lower(description || ' ' || coalesce(merchant_name, '')) FROM new_rows
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_texts_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_texts();
--> statement-breakpoint
CREATE TRIGGER transactions_texts_update AFTER UPDATE ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_texts();
--> statement-breakpoint
-- Also when a file import skips foreign-key checks (session_replication_role = replica), as in 0020.
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_texts_insert;
--> statement-breakpoint
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_texts_update;
