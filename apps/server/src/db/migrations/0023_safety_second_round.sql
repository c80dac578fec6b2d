-- A push subscription belongs to the session that registered it, so signing out removes it. Subscriptions from
-- before have no session to belong to: they go, and the app registers the browser again when it is next opened.
DELETE FROM "push_subscriptions";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Google vouches for the address of an account it signs in (the link requires the same, verified, email).
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "google_subject" IS NOT NULL;--> statement-breakpoint
-- Time zones were stored as typed, in any case: each is stored once more in the database's own spelling, and a
-- zone the database does not know becomes UTC, so jobs that use every person's zone in SQL cannot fail on one.
UPDATE "users" AS u SET "time_zone" = coalesce(
  (SELECT min(z.name) FROM pg_timezone_names z WHERE lower(z.name) = lower(u.time_zone)), 'UTC')
WHERE u.time_zone NOT IN (SELECT name FROM pg_timezone_names);
