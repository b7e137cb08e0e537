-- Undo of the last grade on "Review due" (issue 38 item 7): each review keeps the question's FSRS card
-- and due date from just before it, so undoing it restores them exactly rather than replaying history.
ALTER TABLE leetcode_sessions ADD COLUMN schedule_before jsonb, ADD COLUMN due_before timestamptz;
