-- A bank's transaction-history download is a "history sync" in the code, so that "import" means only a
-- statement file the person uploads. Renamed in place: every run is kept, and the open ones are still found
-- and queued again (on the history-sync queue) when the worker starts.
ALTER TABLE "import_runs" RENAME TO "history_syncs";--> statement-breakpoint
-- Its constraints follow the table's name: the primary key, the two foreign keys and, on PostgreSQL 18
-- (which names NOT NULL constraints too; earlier versions have none), one per required column.
DO $$
DECLARE
  old_name text;
BEGIN
  FOR old_name IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'history_syncs'::regclass AND starts_with(conname, 'import_runs_')
  LOOP
    EXECUTE format('ALTER TABLE history_syncs RENAME CONSTRAINT %I TO %I',
      old_name, 'history_syncs_' || substr(old_name, length('import_runs_') + 1));
  END LOOP;
END
$$;--> statement-breakpoint
ALTER INDEX "import_runs_user_connection_idx" RENAME TO "history_syncs_user_connection_idx";
