-- Stored insights were current while their run row existed, and a trigger deleted it on every change. A
-- recompute that read the numbers before a change committed could then write the row back after it, and the
-- insights it stored, already out of date, passed as current until the next change. Now every change moves a
-- version on (under the run row's lock), a recompute notes the version it started from, and its insights are
-- current only while the two are equal: a change that commits first makes the recompute's write miss, one
-- that commits later moves the version past it.
ALTER TABLE "ai_insight_runs" ALTER COLUMN "generated_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_insight_runs" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_insight_runs" ADD COLUMN "generated_version" bigint;--> statement-breakpoint
-- A person being deleted (their rows go by cascade) is skipped: nobody is left to have a version.
CREATE OR REPLACE FUNCTION ai_insights_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO ai_insight_runs AS r (user_id, version)
    SELECT DISTINCT o.user_id, 1 FROM old_rows o WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
    ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET version = r.version + 1;
  ELSE
    INSERT INTO ai_insight_runs AS r (user_id, version)
    SELECT DISTINCT n.user_id, 1 FROM new_rows n WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)
    ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET version = r.version + 1;
  END IF;
  RETURN NULL;
END
$$;
