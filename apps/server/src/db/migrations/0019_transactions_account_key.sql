CREATE UNIQUE INDEX "bank_accounts_user_id_key" ON "bank_accounts" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_account_id_bank_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_account_fk" FOREIGN KEY ("user_id","account_id") REFERENCES "public"."bank_accounts"("user_id","id") ON DELETE cascade ON UPDATE no action;
