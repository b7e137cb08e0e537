-- The feature board at 10,000 requests (issue 23: p95 ≤ 50 ms for search, filter and sort).
-- Counting each row's upvotes in the list cost a subquery per request (27 ms of 29 for "top" at
-- 10,000, bench/community/board.mjs): the count is kept on the row instead, as opportunities do.
ALTER TABLE requested_features ADD COLUMN upvotes integer NOT NULL DEFAULT 0;
UPDATE requested_features f SET upvotes = (
  SELECT count(*) FROM interactions i WHERE i.entity_type = 'feature_request' AND i.entity_id = f.id AND i.interaction_type = 'upvote'
);

-- Pinned to this schema (as 0008 pins the opportunities' one), so any writer's search_path works.
CREATE FUNCTION count_feature_request_upvotes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.entity_type = 'feature_request' AND NEW.interaction_type = 'upvote' THEN
    UPDATE requested_features SET upvotes = upvotes + 1 WHERE id = NEW.entity_id;
  ELSIF TG_OP = 'DELETE' AND OLD.entity_type = 'feature_request' AND OLD.interaction_type = 'upvote' THEN
    UPDATE requested_features SET upvotes = upvotes - 1 WHERE id = OLD.entity_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER interactions_count_feature_request_upvotes AFTER INSERT OR DELETE ON interactions
  FOR EACH ROW EXECUTE FUNCTION count_feature_request_upvotes();

-- Each sort reads its first 200 in index order and stops, whatever the status filter; a search
-- filters the same walk (a common word matches every few rows).
CREATE INDEX requested_features_top ON requested_features (upvotes DESC, created_at DESC, id) WHERE merged_into IS NULL;
CREATE INDEX requested_features_newest ON requested_features (created_at DESC, id) WHERE merged_into IS NULL;
CREATE INDEX requested_features_status_top ON requested_features (status, upvotes DESC, created_at DESC, id) WHERE merged_into IS NULL;
CREATE INDEX requested_features_status_newest ON requested_features (status, created_at DESC, id) WHERE merged_into IS NULL;
-- Trending counts the upvotes of the last 14 days once per list, not once per request: the recent
-- ones in time order with the request they are for.
CREATE INDEX interactions_recent_entity ON interactions (entity_type, interaction_type, created_at, entity_id);
DROP INDEX interactions_recent;
