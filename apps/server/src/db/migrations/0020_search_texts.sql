CREATE TABLE "transaction_search_texts" (
	"user_id" uuid NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "transaction_search_texts" ("user_id", "text")
SELECT DISTINCT "user_id", lower("description" || ' ' || coalesce("merchant_name", '')) FROM "transactions";--> statement-breakpoint
DROP INDEX "transactions_search_idx";--> statement-breakpoint
ALTER TABLE "transaction_search_texts" ADD CONSTRAINT "transaction_search_texts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_search_texts_key" ON "transaction_search_texts" USING btree ("user_id",md5("text"));--> statement-breakpoint
CREATE INDEX "transaction_search_texts_trgm_idx" ON "transaction_search_texts" USING gin ("user_id","text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_user_search_idx" ON "transactions" USING btree ("user_id",hashtext(lower("description" || ' ' || coalesce("merchant_name", '')))) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
-- Every text a stored or changed row brings, once per statement (the rows it touched, as a transition table).
CREATE FUNCTION "transaction_search_texts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_search_texts (user_id, text)
  SELECT DISTINCT user_id, lower(description || ' ' || coalesce(merchant_name, '')) FROM new_rows
  ON CONFLICT (user_id, md5(text)) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_search_texts_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_search_texts_add"();--> statement-breakpoint
CREATE TRIGGER "transactions_search_texts_update" AFTER UPDATE ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_search_texts_add"();
