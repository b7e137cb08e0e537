-- Issue 38 item 7: candidates search the text of interview experiences, what each round asked and
-- the problems it named, not only the filters. Round dates are never in it: others may not see them.

-- What each round asked, as its snippet is cut from: "System Design: URL Shortener; design a…", a
-- line per round. Immutable (array_to_string is only stable for arrays of any type; of text it is not).
CREATE FUNCTION interview_asked_text(rounds jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(nullif(
    concat_ws(': ', r ->> 'round', nullif(concat_ws('; ',
      nullif(array_to_string(ARRAY(SELECT jsonb_array_elements_text(coalesce(r -> 'problems', '[]'))), ', '), ''),
      r ->> 'asked'), '')), ''),
    E'\n' ORDER BY n), '')
  FROM jsonb_array_elements(rounds) WITH ORDINALITY AS x(r, n)
$$;

-- What a search matches, weighted: the problems named (A) rank above the role, level, topics and
-- round kinds (B), which rank above the free text of what was asked (C).
CREATE FUNCTION interview_search_document(title text, level text, topics text[], rounds jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', coalesce(array_to_string(ARRAY(
           SELECT jsonb_array_elements_text(coalesce(r -> 'problems', '[]')) FROM jsonb_array_elements(rounds) r), ' '), '')), 'A')
      || setweight(to_tsvector('english', concat_ws(' ', title, level, array_to_string(topics, ' '),
           array_to_string(ARRAY(SELECT r ->> 'round' FROM jsonb_array_elements(rounds) r), ' '))), 'B')
      || setweight(to_tsvector('english', coalesce(array_to_string(ARRAY(
           SELECT r ->> 'asked' FROM jsonb_array_elements(rounds) r), ' '), '')), 'C')
$$;

-- Kept with the row at every write (the table is rewritten once, here), and found through GIN.
ALTER TABLE candidate_interviews
  ADD COLUMN search_document tsvector GENERATED ALWAYS AS (interview_search_document(title, level, topics, rounds)) STORED;
CREATE INDEX candidate_interviews_search ON candidate_interviews USING gin (search_document);
