-- Issue 23 item 3 for feature requests: a pending request a moderator declines says why, and the
-- decision is in the audit log beside opportunities' and resources'.
ALTER TABLE requested_features ADD COLUMN review_reason text;
ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_kind_check;
ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_kind_check CHECK (kind IN ('opportunity', 'resource', 'feature_request'));
