-- A manual account's balance moves by what each statement changed (the live amounts it added less those it
-- took away) instead of summing the account's whole history again: a large file goes into the embedded
-- database in parts, one statement each, and a full sum per part made the import quadratic in its rows.
-- Each writer adds its own change under the account's row lock, which reads the balance the previous holder
-- committed, so concurrent writes still add up. refresh_manual_balances stays for a full recount (an
-- opening balance changed).
CREATE FUNCTION add_manual_balance_changes(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The accounts first, in one order, so two writers never wait on each other in a cycle.
  PERFORM 1 FROM bank_accounts
    WHERE id IN (SELECT (c->>'account_id')::uuid FROM jsonb_array_elements(changes) c)
      AND opening_balance IS NOT NULL
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE bank_accounts a
     SET current_balance = coalesce(a.current_balance, a.opening_balance)
           + CASE WHEN a.type IN (2, 4) THEN -1 ELSE 1 END * (c->>'delta')::bigint,
         updated_at = now()
    FROM jsonb_array_elements(changes) c
   WHERE a.id = (c->>'account_id')::uuid AND a.opening_balance IS NOT NULL AND (c->>'delta')::bigint <> 0;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transactions_manual_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'delta', delta)) INTO changes
      FROM (SELECT account_id, sum(amount) AS delta FROM new_rows WHERE deleted_at IS NULL GROUP BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'delta', delta)) INTO changes
      FROM (SELECT account_id, -sum(amount) AS delta FROM old_rows WHERE deleted_at IS NULL GROUP BY 1) d;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'delta', delta)) INTO changes
      FROM (SELECT account_id, sum(amount) AS delta
              FROM (SELECT account_id, amount FROM new_rows WHERE deleted_at IS NULL
                    UNION ALL
                    SELECT account_id, -amount FROM old_rows WHERE deleted_at IS NULL) AS c
             GROUP BY 1) d;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM add_manual_balance_changes(changes);
  END IF;
  RETURN NULL;
END
$$;
