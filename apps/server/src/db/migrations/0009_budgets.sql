CREATE TABLE "budget_achievements" (
	"user_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"title" text NOT NULL,
	"earned_date" date NOT NULL,
	CONSTRAINT "budget_achievements_user_id_period_id_category_id_title_pk" PRIMARY KEY("user_id","period_id","category_id","title")
);
--> statement-breakpoint
CREATE TABLE "budget_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"budget_id" uuid NOT NULL,
	"category" smallint NOT NULL,
	"allow_rollover" boolean DEFAULT false NOT NULL,
	"count_up_enabled" boolean DEFAULT false NOT NULL,
	"custom_daily_allowance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_period_categories" (
	"user_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"allocated" bigint NOT NULL,
	"rolled_over" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "budget_period_categories_user_id_period_id_category_id_pk" PRIMARY KEY("user_id","period_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "budget_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"budget_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"total_income" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"period" smallint NOT NULL,
	"anchor_date" date NOT NULL,
	"auto_reset" boolean DEFAULT true NOT NULL,
	"current_period_end" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budget_achievements" ADD CONSTRAINT "budget_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_achievements" ADD CONSTRAINT "budget_achievements_period_id_budget_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."budget_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_achievements" ADD CONSTRAINT "budget_achievements_category_id_budget_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."budget_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_categories" ADD CONSTRAINT "budget_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_categories" ADD CONSTRAINT "budget_categories_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_period_categories" ADD CONSTRAINT "budget_period_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_period_categories" ADD CONSTRAINT "budget_period_categories_period_id_budget_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."budget_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_period_categories" ADD CONSTRAINT "budget_period_categories_category_id_budget_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."budget_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_periods" ADD CONSTRAINT "budget_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_periods" ADD CONSTRAINT "budget_periods_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_categories_budget_category_key" ON "budget_categories" USING btree ("user_id","budget_id","category");--> statement-breakpoint
CREATE INDEX "budget_categories_user_idx" ON "budget_categories" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_periods_budget_index_key" ON "budget_periods" USING btree ("user_id","budget_id","index");--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_one_active_key" ON "budgets" USING btree ("user_id") WHERE "budgets"."is_active";--> statement-breakpoint
CREATE INDEX "budgets_user_idx" ON "budgets" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "budgets_due_idx" ON "budgets" USING btree ("current_period_end") WHERE "budgets"."is_active" and "budgets"."auto_reset";