-- Comments on community designs (issue 36 item 5) are the feature board's comments on another item:
-- the same table, its daily cap, erasure and moderation, with the design they are about.
ALTER TABLE feature_request_comments
  ADD COLUMN design_id uuid REFERENCES community_designs (id) ON DELETE CASCADE,
  ALTER COLUMN feature_request_id DROP NOT NULL,
  ADD CONSTRAINT feature_request_comments_one_item CHECK (num_nonnulls(feature_request_id, design_id) = 1);
CREATE INDEX feature_request_comments_design ON feature_request_comments (design_id, created_at) WHERE design_id IS NOT NULL;
