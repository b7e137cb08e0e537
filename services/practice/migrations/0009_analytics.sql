-- /analytics is computed in SQL, so the spec's retention score (section 9) is here too, the same
-- formula as libs/contracts scoring.ts retentionScore over a question's kept recent sessions (newest
-- first, at most 3): weights 0.6/0.3/0.1 renormalised, each the clamped mean of correctness and
-- confidence, times min(1, 60 / latest minutes) and exp(-days since latest / 30), rounded half up.
-- One expression over the (at most 3) kept sessions, so the planner inlines it into the query
-- instead of calling a function per question (2,000 questions: ~5 ms instead of ~100 ms).
CREATE FUNCTION retention_score(recent jsonb, at timestamptz) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN jsonb_array_length(recent) = 0 THEN NULL ELSE
    LEAST(100, GREATEST(0, floor(
      (0.6 * LEAST(100, GREATEST(0, ((recent->0->>'correctness')::float8 + (recent->0->>'confidence')::float8) / 2))
       + COALESCE(0.3 * LEAST(100, GREATEST(0, ((recent->1->>'correctness')::float8 + (recent->1->>'confidence')::float8) / 2)), 0)
       + COALESCE(0.1 * LEAST(100, GREATEST(0, ((recent->2->>'correctness')::float8 + (recent->2->>'confidence')::float8) / 2)), 0))
      / (0.6 + CASE WHEN recent->1 IS NULL THEN 0 ELSE 0.3 END + CASE WHEN recent->2 IS NULL THEN 0 ELSE 0.1 END)
      * LEAST(1, 60 / GREATEST(1, (recent->0->>'timer')::float8))
      * exp(-GREATEST(0, extract(epoch FROM at - (recent->0->>'created_at')::timestamptz) / 86400) / 30)
      + 0.5)))::int END
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
