-- The planner ignores the statistics of a partial index's expressions, so without these it guesses that any
-- amount range matches 0.5 % of rows and prefers the amount index over far better ones.
CREATE STATISTICS IF NOT EXISTS "transactions_abs_amount_stats" ON (abs("amount")) FROM "transactions";--> statement-breakpoint
ANALYZE "transactions";
