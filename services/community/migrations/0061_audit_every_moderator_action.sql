-- Issue 35 item 5: every moderator action on someone else's content is in the audit log, with what
-- it said before and after; an edited comment says a moderator edited it.
ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_action_check;
ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_action_check
  CHECK (action IN ('approved', 'rejected', 'taken_down', 'status_changed', 'merged', 'edited', 'deleted'));
ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_kind_check;
ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_kind_check
  CHECK (kind IN ('opportunity', 'resource', 'feature_request', 'feature_comment'));
-- Short summaries of the item before and after (a comment's text, a status, the request merged into).
ALTER TABLE moderation_actions ADD COLUMN before text, ADD COLUMN after text;
-- Whose words before/after quote: their account's erasure blanks them.
ALTER TABLE moderation_actions ADD COLUMN author_id uuid;
CREATE INDEX moderation_actions_author ON moderation_actions (author_id) WHERE author_id IS NOT NULL;

-- The last edit was a moderator's (not the author's): the comment says "Edited by a moderator".
ALTER TABLE feature_request_comments ADD COLUMN edited_by_moderator boolean NOT NULL DEFAULT false;
