CREATE TABLE "detected_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"merchant_key" text NOT NULL,
	"merchant_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"frequency" smallint NOT NULL,
	"confidence" real NOT NULL,
	"category" smallint NOT NULL,
	"estimated_next_due" date,
	"related_transaction_ids" uuid[] NOT NULL,
	"details" jsonb NOT NULL,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	CONSTRAINT "subscription_charges_user_id_transaction_id_pk" PRIMARY KEY("user_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount" bigint NOT NULL,
	"frequency" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"category" smallint DEFAULT 99 NOT NULL,
	"description" text,
	"next_due_date" date NOT NULL,
	"anchor_date" date NOT NULL,
	"is_detected" boolean DEFAULT false NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"merchant_key" text NOT NULL,
	"merchant_name" text,
	"last_charge_date" date,
	"previous_amount" bigint,
	"price_changed_at" date,
	"unpaid_due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "detected_subscriptions" ADD CONSTRAINT "detected_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "detected_subscriptions_merchant_key" ON "detected_subscriptions" USING btree ("user_id","merchant_key");--> statement-breakpoint
CREATE INDEX "subscription_charges_subscription_idx" ON "subscription_charges" USING btree ("user_id","subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");