-- Due dates (FSRS): each question keeps its scheduler card and the due date it gives, updated with
-- every logged review in the same transaction. A question never reviewed is due from when it was
-- added. Questions reviewed before this release get their card from their sessions, replayed by
-- the service at start (the scheduler is TypeScript, ts-fsrs): until then, due from the last review.
ALTER TABLE leetcode_questions
  ADD COLUMN schedule jsonb,
  ADD COLUMN due_at timestamptz;

UPDATE leetcode_questions SET due_at = COALESCE(last_solved_at, created_at);
ALTER TABLE leetcode_questions ALTER COLUMN due_at SET DEFAULT clock_timestamp(), ALTER COLUMN due_at SET NOT NULL;

-- "Due today", the due forecast and the list sorted by due read the caller's questions by due date.
CREATE INDEX leetcode_questions_due_idx ON leetcode_questions (user_id, due_at);
