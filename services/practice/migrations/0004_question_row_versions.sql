-- After a review only one question of a list changes. Each question carries a version, stamped on
-- every insert and update from the same sequence as the list versions, so a kept list can ask
-- "which of my questions differ from what I hold?" and reread just those rows instead of 2,000.
ALTER TABLE leetcode_questions ADD COLUMN row_version bigint;

CREATE FUNCTION stamp_question_row_version() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  NEW.row_version := nextval('list_version_seq');
  RETURN NEW;
END;
$$;

CREATE TRIGGER leetcode_questions_row_version
  BEFORE INSERT OR UPDATE ON leetcode_questions
  FOR EACH ROW EXECUTE FUNCTION stamp_question_row_version();

UPDATE leetcode_questions SET row_version = nextval('list_version_seq');
ALTER TABLE leetcode_questions ALTER COLUMN row_version SET NOT NULL;
