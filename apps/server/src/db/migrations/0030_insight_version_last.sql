-- Triggers of one event on a table fire in the order of their names. The insight version's bump on
-- transactions (0028) fired first, before the manual balance trigger took the account's row: a write that
-- had locked its manual account first (every typed transaction does) then waited on the version's row,
-- while a concurrent write of the same person holding the version waited on that account: a deadlock on
-- PostgreSQL, a 500 for one of them. Renamed to fire last, every write takes the account before the version.
ALTER TRIGGER transactions_ai_stale_insert ON transactions RENAME TO transactions_zz_ai_stale_insert;--> statement-breakpoint
ALTER TRIGGER transactions_ai_stale_update ON transactions RENAME TO transactions_zz_ai_stale_update;--> statement-breakpoint
ALTER TRIGGER transactions_ai_stale_delete ON transactions RENAME TO transactions_zz_ai_stale_delete;
