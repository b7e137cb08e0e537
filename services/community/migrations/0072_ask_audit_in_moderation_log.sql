-- Issue 37 item 6: one audit log, one desk. Ask a SWE's moderator actions (a flagged post restored or
-- removed, a duplicate closed or reopened, an anonymous asker's identity opened) are lines of
-- moderation_actions like every other decision; the lines kept in ask_audit_log move there.
ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_action_check;
ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_action_check
  CHECK (action IN ('approved', 'rejected', 'taken_down', 'status_changed', 'merged', 'edited', 'deleted',
                    'restored', 'removed', 'closed_duplicate', 'reopened', 'identity_opened'));
ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_kind_check;
ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_kind_check
  CHECK (kind IN ('opportunity', 'resource', 'feature_request', 'feature_comment', 'community_design', 'ask_question', 'ask_answer'));

-- A line names the question (an answer's line, the question it answers); never who asked it.
INSERT INTO moderation_actions (id, moderator_id, moderator_name, action, kind, item_id, item_title, reason, created_at)
SELECT l.id, l.moderator_id, l.moderator_name, l.action, 'ask_' || l.kind, l.item_id, coalesce(q.title, aq.title, ''), l.reason, l.created_at
FROM ask_audit_log l
LEFT JOIN ask_questions q ON l.kind = 'question' AND q.id = l.item_id
LEFT JOIN ask_answers a ON l.kind = 'answer' AND a.id = l.item_id
LEFT JOIN ask_questions aq ON aq.id = a.question_id;

DROP TABLE ask_audit_log;
