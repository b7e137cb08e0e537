-- Reviews graded Again/Hard/Good/Easy (issue 26): the grade chosen is kept with the session, since
-- the schedule is replayed from sessions; null when none was chosen (the scores give it).
ALTER TABLE leetcode_sessions ADD COLUMN grade text CHECK (grade IN ('again', 'hard', 'good', 'easy'));

-- How much a day's review session holds; a candidate without a row has the defaults of the contract.
CREATE TABLE review_limits (
  user_id uuid PRIMARY KEY,
  daily_review_limit integer NOT NULL CHECK (daily_review_limit BETWEEN 1 AND 500),
  new_per_day integer NOT NULL CHECK (new_per_day BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Today's never-reviewed problems, oldest first: read by (user_id, created_at) among those without a session.
CREATE INDEX leetcode_questions_new_idx ON leetcode_questions (user_id, created_at) WHERE session_count = 0;
