ALTER TABLE "import_runs" ADD COLUMN "from_day" date;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "to_day" date;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "claim_expires_at" timestamp with time zone;