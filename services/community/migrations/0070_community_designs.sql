-- Community designs (issue 36 item 5): submitted System Design attempts their authors published.
-- Practice owns the attempt; this is the published copy, fed by practice.design.published, whose id
-- is the attempt's. Its upvotes are interactions of entity_type 'design'.
CREATE TABLE community_designs (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  prompt_slug text NOT NULL,
  prompt_title text NOT NULL,
  -- Shown only when the author chose to show their username; null is anonymous.
  author_name text,
  notes jsonb NOT NULL,
  scene jsonb,
  status text NOT NULL DEFAULT 'listed' CHECK (status IN ('listed', 'taken_down')),
  review_reason text,
  published_at timestamptz NOT NULL,
  upvotes int NOT NULL DEFAULT 0
);
CREATE INDEX community_designs_prompt ON community_designs (prompt_slug, upvotes DESC, published_at DESC) WHERE status = 'listed';
CREATE INDEX community_designs_user ON community_designs (user_id);

ALTER TABLE interactions DROP CONSTRAINT interactions_entity_type_check;
ALTER TABLE interactions ADD CONSTRAINT interactions_entity_type_check CHECK (entity_type IN ('opportunity', 'feature_request', 'resource', 'design'));

-- The list orders by upvotes without counting them: the count follows the interactions.
-- Pinned to this schema (as 0013 does), so any writer's search_path works.
CREATE FUNCTION community_designs_count_upvotes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.entity_type = 'design' AND NEW.interaction_type = 'upvote' THEN
    UPDATE community_designs SET upvotes = upvotes + 1 WHERE id = NEW.entity_id;
  ELSIF TG_OP = 'DELETE' AND OLD.entity_type = 'design' AND OLD.interaction_type = 'upvote' THEN
    UPDATE community_designs SET upvotes = upvotes - 1 WHERE id = OLD.entity_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER community_designs_upvotes AFTER INSERT OR DELETE ON interactions FOR EACH ROW EXECUTE FUNCTION community_designs_count_upvotes();

ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_kind_check;
ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_kind_check
  CHECK (kind IN ('opportunity', 'resource', 'feature_request', 'feature_comment', 'community_design'));
