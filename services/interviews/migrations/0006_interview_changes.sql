-- Pages of interviews and company insights are kept ready to send while nothing has changed. Every
-- statement that writes interviews or companies counts one change here (a trigger, so no write path,
-- bulk loads included, can forget it); a read compares this one row with what its kept answer was
-- built at, so every replica stays exact.
CREATE TABLE interview_changes (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n bigint NOT NULL DEFAULT 0
);
INSERT INTO interview_changes DEFAULT VALUES;

-- The schema is fixed at creation, so writers with another search_path (a bulk load) reach the counter.
CREATE FUNCTION count_interview_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE interview_changes SET n = n + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER candidate_interviews_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON candidate_interviews
  FOR EACH STATEMENT EXECUTE FUNCTION count_interview_change();
CREATE TRIGGER companies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION count_interview_change();
