-- Issue 23 item 1: opportunities that can be searched and trusted. Rows shared before this
-- migration keep every new field unknown (null, sponsorship 'unknown') until someone edits them.
ALTER TABLE pathfinder_opportunities
  -- Stored as written at first use; later spellings that match it ignoring case take this one.
  ADD COLUMN company text,
  ADD COLUMN locations text[] NOT NULL DEFAULT '{}',
  ADD COLUMN remote boolean,
  -- 'Summer 2027'
  ADD COLUMN season text,
  ADD COLUMN kind text CHECK (kind IN ('internship', 'new_grad', 'full_time', 'program')),
  ADD COLUMN deadline date,
  ADD COLUMN sponsorship text NOT NULL DEFAULT 'unknown' CHECK (sponsorship IN ('yes', 'no', 'unknown')),
  -- Set by a moderator, or by the third distinct user's report that the opportunity has closed.
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN closed_reports integer NOT NULL DEFAULT 0,
  -- Kept by the trigger below so "most upvoted" sorts without counting interactions per row.
  ADD COLUMN upvotes integer NOT NULL DEFAULT 0,
  ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(company, '')), 'B') ||
    setweight(to_tsvector('english', description), 'C')
  ) STORED;

CREATE INDEX pathfinder_opportunities_search ON pathfinder_opportunities USING gin (search);
CREATE INDEX pathfinder_opportunities_company ON pathfinder_opportunities (lower(company));

-- One "this has closed" report per user and opportunity (the primary key decides under concurrent clicks).
CREATE TABLE opportunity_closed_reports (
  opportunity_id uuid NOT NULL REFERENCES pathfinder_opportunities (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (opportunity_id, user_id)
);
CREATE INDEX opportunity_closed_reports_user ON opportunity_closed_reports (user_id);

UPDATE pathfinder_opportunities o SET upvotes = (
  SELECT count(*) FROM interactions i WHERE i.entity_type = 'opportunity' AND i.entity_id = o.id AND i.interaction_type = 'upvote'
);

CREATE FUNCTION count_opportunity_upvotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.entity_type = 'opportunity' AND NEW.interaction_type = 'upvote' THEN
    UPDATE pathfinder_opportunities SET upvotes = upvotes + 1 WHERE id = NEW.entity_id;
  ELSIF TG_OP = 'DELETE' AND OLD.entity_type = 'opportunity' AND OLD.interaction_type = 'upvote' THEN
    UPDATE pathfinder_opportunities SET upvotes = upvotes - 1 WHERE id = OLD.entity_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER interactions_count_opportunity_upvotes AFTER INSERT OR DELETE ON interactions
  FOR EACH ROW EXECUTE FUNCTION count_opportunity_upvotes();
