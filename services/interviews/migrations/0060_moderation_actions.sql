-- Issue 35 item 5: a moderator deleting someone else's comment under an interview report leaves an
-- audit line, in this service's audit log (the kit's recordModeration; the same shape as community's).
CREATE TABLE moderation_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  moderator_id uuid NOT NULL,
  -- As the moderator's token named them at the time.
  moderator_name text NOT NULL,
  action text NOT NULL CHECK (action IN ('deleted')),
  kind text NOT NULL CHECK (kind IN ('interview_comment')),
  item_id uuid NOT NULL,
  -- What the item is found by: the report's title.
  item_title text NOT NULL,
  edited boolean NOT NULL DEFAULT false,
  reason text,
  -- Short summaries of the item before and after the action.
  before text,
  after text,
  -- Whose words before/after quote: their account's erasure blanks them.
  author_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_actions_created ON moderation_actions (created_at DESC, id DESC);
CREATE INDEX moderation_actions_author ON moderation_actions (author_id) WHERE author_id IS NOT NULL;
