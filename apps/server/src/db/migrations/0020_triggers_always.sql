-- The triggers that keep rollups, daily spending, manual balances and AI staleness exact fire even when a bulk
-- insert sets session_replication_role = replica to skip foreign-key checks it has already made under a row
-- lock (a file import on the embedded database: insertFileRows). In the usual role nothing changes.
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT tgname FROM pg_trigger WHERE tgrelid = 'transactions'::regclass AND NOT tgisinternal LOOP
    EXECUTE format('ALTER TABLE transactions ENABLE ALWAYS TRIGGER %I', t.tgname);
  END LOOP;
END
$$;
