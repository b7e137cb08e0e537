-- Trending (upvotes of the last 14 days) at 10,000 requests: counting the recent upvotes for every
-- list cost 16-104 ms on the bench machine. Each request keeps its count instead: the upvote
-- trigger adds and removes recent ones at once, and the service ages out the ones that have
-- passed 14 days every few minutes (TrendingAging), so the count is exact as of `aged_until`.
CREATE TABLE trending_aging (
  -- One row: the time up to which upvotes older than 14 days have been taken off the counts.
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  aged_until timestamptz NOT NULL
);
INSERT INTO trending_aging (aged_until) VALUES (now());

ALTER TABLE requested_features ADD COLUMN trending_upvotes integer NOT NULL DEFAULT 0;
UPDATE requested_features f SET trending_upvotes = (
  SELECT count(*) FROM interactions i
  WHERE i.entity_type = 'feature_request' AND i.entity_id = f.id AND i.interaction_type = 'upvote' AND i.created_at > now() - interval '14 days'
);

-- An upvote counts as trending while younger than 14 days as of aged_until: the aging takes off
-- exactly the ones it passes, so adding, removing and aging never count one twice.
CREATE OR REPLACE FUNCTION count_feature_request_upvotes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  since timestamptz := (SELECT aged_until - interval '14 days' FROM trending_aging);
BEGIN
  IF TG_OP = 'INSERT' AND NEW.entity_type = 'feature_request' AND NEW.interaction_type = 'upvote' THEN
    UPDATE requested_features SET upvotes = upvotes + 1, trending_upvotes = trending_upvotes + (NEW.created_at > since)::int WHERE id = NEW.entity_id;
  ELSIF TG_OP = 'DELETE' AND OLD.entity_type = 'feature_request' AND OLD.interaction_type = 'upvote' THEN
    UPDATE requested_features SET upvotes = upvotes - 1, trending_upvotes = trending_upvotes - (OLD.created_at > since)::int WHERE id = OLD.entity_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE INDEX requested_features_trending ON requested_features (trending_upvotes DESC, upvotes DESC, created_at DESC, id) WHERE merged_into IS NULL;
-- Student Pathfinder's most common filter, kind and season, without reading every row.
CREATE INDEX pathfinder_opportunities_kind_season ON pathfinder_opportunities (kind, lower(season));
