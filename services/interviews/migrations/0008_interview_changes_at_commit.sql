-- The change count of 0006 was one row, updated by a statement trigger as soon as a statement wrote
-- interviews or companies, and held until commit. A writer that had counted its change then waited
-- for a company's insight counters, while another that held those counters waited for the change
-- row: "deadlock detected" under concurrent sharing and outcome changes, and every writer queued on
-- that one row meanwhile.
--
-- Now a transaction counts its change once, at commit (a deferred trigger), so the count is the
-- last lock any writer takes and joins no cycle; and into one of 16 slots (by transaction id), so
-- concurrent commits rarely meet on a row. Readers sum the slots: the sum only grows, and a reader
-- sees a change in it exactly when it can see the change's rows.
CREATE TABLE interview_change_slots (
  slot smallint PRIMARY KEY CHECK (slot BETWEEN 0 AND 15),
  n bigint NOT NULL DEFAULT 0
);
INSERT INTO interview_change_slots (slot, n)
SELECT s, CASE WHEN s = 0 THEN (SELECT n FROM interview_changes) ELSE 0 END FROM generate_series(0, 15) AS s;

DROP TRIGGER candidate_interviews_changed ON candidate_interviews;
DROP TRIGGER companies_changed ON companies;
DROP FUNCTION count_interview_change();
DROP TABLE interview_changes;

-- A row trigger fires for each row written: only the first of a transaction counts (a bulk load
-- then updates its slot once, not once per row).
CREATE FUNCTION count_interview_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF current_setting('interviews.change_counted_by', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('interviews.change_counted_by', txid_current()::text, true);
    UPDATE interview_change_slots SET n = n + 1 WHERE slot = txid_current() % 16;
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER candidate_interviews_changed AFTER INSERT OR UPDATE OR DELETE ON candidate_interviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_interview_change();
CREATE CONSTRAINT TRIGGER companies_changed AFTER INSERT OR UPDATE OR DELETE ON companies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_interview_change();
-- TRUNCATE has no row triggers; it holds the whole table anyway.
CREATE TRIGGER candidate_interviews_truncated AFTER TRUNCATE ON candidate_interviews
  FOR EACH STATEMENT EXECUTE FUNCTION count_interview_change();
CREATE TRIGGER companies_truncated AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION count_interview_change();
