-- Time is typed as minutes with fractions (11.9): confidence counts full 120 s of it, so rounding
-- to whole minutes would change the score the candidate was shown. Minutes become double precision,
-- and so does each question's total behind the Completion Time card.
ALTER TABLE leetcode_sessions ALTER COLUMN timer TYPE double precision;
ALTER TABLE leetcode_questions ALTER COLUMN total_minutes TYPE double precision;

CREATE OR REPLACE FUNCTION refresh_question_summary(question uuid) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
  UPDATE leetcode_questions q SET
    session_count = s.n,
    total_minutes = s.minutes,
    last_solved_at = s.latest,
    recent_sessions = s.recent
  FROM (
    SELECT count(*)::int AS n,
           COALESCE(sum(timer), 0) AS minutes,
           max(created_at) AS latest,
           COALESCE((
             SELECT jsonb_agg(jsonb_build_object('correctness', r.correctness, 'confidence', r.confidence, 'timer', r.timer,
                                                 'created_at', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                              ORDER BY r.created_at DESC)
             FROM (SELECT correctness, confidence, timer, created_at FROM leetcode_sessions
                   WHERE question_id = question ORDER BY created_at DESC LIMIT 3) r
           ), '[]'::jsonb) AS recent
    FROM leetcode_sessions WHERE question_id = question
  ) s
  WHERE q.id = question;
$$;

-- A title the caller already tracks (ignoring case) is refused: this finds it with one index probe.
CREATE INDEX leetcode_questions_title_idx ON leetcode_questions (user_id, lower(title));
