CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "transactions_user_date_idx";--> statement-breakpoint
DROP INDEX "transactions_user_account_date_idx";--> statement-breakpoint
DROP INDEX "transactions_user_category_date_idx";--> statement-breakpoint
DROP INDEX "transactions_search_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_date_idx" ON "transactions" USING btree ("user_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"account_id","category","amount","is_transfer") WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_user_account_date_idx" ON "transactions" USING btree ("user_id","account_id","date" DESC NULLS FIRST) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_user_category_date_idx" ON "transactions" USING btree ("user_id","category","date" DESC NULLS FIRST) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_search_idx" ON "transactions" USING gin ("user_id",(lower("description" || ' ' || coalesce("merchant_name", ''))) gin_trgm_ops);