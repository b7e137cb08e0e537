-- /analytics is computed in SQL, so the spec's retention score (section 9) is here too, the same
-- formula as libs/contracts scoring.ts retentionScore over a question's kept recent sessions (newest
-- first, at most 3): weights 0.6/0.3/0.1 renormalised, each the clamped mean of correctness and
-- confidence, times min(1, 60 / latest minutes) and exp(-days since latest / 30), rounded half up.
CREATE FUNCTION retention_score(recent jsonb, at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN count(*) = 0 THEN NULL ELSE
    LEAST(100, GREATEST(0, floor(
      sum(w * LEAST(100, GREATEST(0, (c + f) / 2))) / sum(w)
      * LEAST(1, 60 / GREATEST(1, max(t) FILTER (WHERE i = 1)))
      * exp(-GREATEST(0, extract(epoch FROM at - max(created)) / 86400) / 30)
      + 0.5)))::int END
  FROM (
    SELECT (e->>'correctness')::float8 AS c, (e->>'confidence')::float8 AS f, (e->>'timer')::float8 AS t,
           (e->>'created_at')::timestamptz AS created, i,
           CASE i WHEN 1 THEN 0.6 WHEN 2 THEN 0.3 ELSE 0.1 END AS w
    FROM jsonb_array_elements(recent) WITH ORDINALITY AS x(e, i)
    WHERE i <= 3
  ) s;
$$;

-- Voice mock interviews finished (voice.session.ended), counted on /analytics. Only what the count
-- needs; the voice service keeps the interviews themselves.
CREATE TABLE mock_interviews (
  session_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  ended_at timestamptz NOT NULL,
  duration_seconds integer NOT NULL
);
CREATE INDEX mock_interviews_user_idx ON mock_interviews (user_id);
