-- Each user's list changes only when one of their questions does (added, deleted, or its review
-- summary refreshed by a logged session). A per-user version bumped by a trigger on exactly those
-- writes lets the service check "has this caller's list changed?" with one primary-key lookup,
-- instead of aggregating over all their questions on every read (~3 ms of Postgres for 2,000).
CREATE SEQUENCE list_version_seq;

CREATE TABLE list_versions (
  user_id uuid PRIMARY KEY,
  version bigint NOT NULL
);

CREATE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO list_versions (user_id, version) VALUES (NEW.user_id, nextval('list_version_seq'))
    ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    INSERT INTO list_versions (user_id, version) VALUES (OLD.user_id, nextval('list_version_seq'))
    ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER leetcode_questions_list_version
  AFTER INSERT OR UPDATE OR DELETE ON leetcode_questions
  FOR EACH ROW EXECUTE FUNCTION bump_list_version();

INSERT INTO list_versions (user_id, version)
SELECT user_id, nextval('list_version_seq') FROM leetcode_questions GROUP BY user_id;
