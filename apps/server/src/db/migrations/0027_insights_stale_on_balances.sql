-- The insights read the person's cash (the balances of their accounts), so a change to their accounts makes
-- them stale like a change to their transactions. With every number they read covered by a trigger, stored
-- insights stay fresh until something changes or the day does, instead of being recomputed every 15 minutes.
CREATE TRIGGER bank_accounts_ai_stale_insert AFTER INSERT ON bank_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER bank_accounts_ai_stale_update AFTER UPDATE ON bank_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER bank_accounts_ai_stale_delete AFTER DELETE ON bank_accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
