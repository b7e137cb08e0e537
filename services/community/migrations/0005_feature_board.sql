-- The feature board like Fider's (issue 23, item 2): merges of duplicates, comments, and when a
-- request was done, which orders the "What's new" page.
ALTER TABLE requested_features
  -- A merged duplicate is no longer listed; its votes and subscribers moved to this request.
  ADD COLUMN merged_into uuid REFERENCES requested_features (id),
  ADD COLUMN completed_at timestamptz;
-- Requests done before this column existed: their filing time is the best known.
UPDATE requested_features SET completed_at = created_at WHERE status = 'completed';
CREATE INDEX requested_features_completed ON requested_features (completed_at DESC) WHERE status = 'completed' AND merged_into IS NULL;

CREATE TABLE feature_request_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  feature_request_id uuid NOT NULL REFERENCES requested_features (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  -- The name shown, taken from the author's account when they wrote it.
  author_name text NOT NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz
);
CREATE INDEX feature_request_comments_request ON feature_request_comments (feature_request_id, created_at);
CREATE INDEX feature_request_comments_user ON feature_request_comments (user_id);

-- Trending counts the upvotes of the last 14 days per request.
CREATE INDEX interactions_recent ON interactions (entity_type, interaction_type, created_at);
