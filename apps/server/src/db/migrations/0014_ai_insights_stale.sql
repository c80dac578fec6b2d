-- A person's stored insights go stale the moment the numbers they read change (their transactions,
-- budget, goals, contributions or subscriptions): the next read recomputes them. One statement per
-- statement changed, so an import of thousands of rows pays once.
CREATE FUNCTION ai_insights_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM ai_insight_runs WHERE user_id IN (SELECT DISTINCT user_id FROM old_rows);
  ELSE
    DELETE FROM ai_insight_runs WHERE user_id IN (SELECT DISTINCT user_id FROM new_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_ai_stale_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER transactions_ai_stale_update AFTER UPDATE ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER transactions_ai_stale_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER budgets_ai_stale_insert AFTER INSERT ON budgets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER budgets_ai_stale_update AFTER UPDATE ON budgets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER budgets_ai_stale_delete AFTER DELETE ON budgets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER budget_period_categories_ai_stale_insert AFTER INSERT ON budget_period_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER budget_period_categories_ai_stale_update AFTER UPDATE ON budget_period_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER budget_period_categories_ai_stale_delete AFTER DELETE ON budget_period_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER savings_goals_ai_stale_insert AFTER INSERT ON savings_goals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER savings_goals_ai_stale_update AFTER UPDATE ON savings_goals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER savings_goals_ai_stale_delete AFTER DELETE ON savings_goals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER savings_contributions_ai_stale_insert AFTER INSERT ON savings_contributions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER savings_contributions_ai_stale_update AFTER UPDATE ON savings_contributions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER savings_contributions_ai_stale_delete AFTER DELETE ON savings_contributions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER subscriptions_ai_stale_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER subscriptions_ai_stale_update AFTER UPDATE ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
--> statement-breakpoint
CREATE TRIGGER subscriptions_ai_stale_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_insights_stale();
