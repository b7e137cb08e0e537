-- Issue 36 item 5: community designs and their comments are flagged and moderated as Ask a SWE's posts
-- are. One queue of flagged posts: a flag is on a question, an answer, a design or a comment on a design.
ALTER TABLE ask_flags
  ADD COLUMN design_id uuid REFERENCES community_designs (id) ON DELETE CASCADE,
  ADD COLUMN design_comment_id uuid REFERENCES feature_request_comments (id) ON DELETE CASCADE,
  DROP CONSTRAINT ask_flags_check,
  ADD CONSTRAINT ask_flags_one_post CHECK (num_nonnulls(question_id, answer_id, design_id, design_comment_id) = 1);
CREATE UNIQUE INDEX ask_flags_design ON ask_flags (design_id, user_id) WHERE design_id IS NOT NULL;
CREATE UNIQUE INDEX ask_flags_design_comment ON ask_flags (design_comment_id, user_id) WHERE design_comment_id IS NOT NULL;

-- As for Ask a SWE's posts: visible; pending: flagged by askFlagsToHide members, hidden from others
-- until a moderator reviews it; removed by a moderator for good. Its author still sees it, marked.
-- Feature board comments keep 'visible' (they are not flagged).
ALTER TABLE community_designs
  ADD COLUMN moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'pending', 'removed'));
ALTER TABLE feature_request_comments
  ADD COLUMN moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'pending', 'removed'));

ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_kind_check;
ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_kind_check
  CHECK (kind IN ('opportunity', 'resource', 'feature_request', 'feature_comment', 'community_design', 'community_design_comment',
                  'ask_question', 'ask_answer'));
