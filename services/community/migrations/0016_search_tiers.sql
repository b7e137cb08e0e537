-- Student Pathfinder's word search at 10,000 opportunities (issue 23: p95 ≤ 50 ms): ranking every
-- match with ts_rank (about half the rows for a common word) cost 40-55 ms. Relevance is now a tier
-- (all the words in the title; else in title and company; else anywhere), each tier read in newest
-- order only as far as the page goes (ListPlan.parts). Each tier is its own column and GIN index, so
-- the planner has the column's own word statistics to choose between walking the newest index
-- (a common word) and reading the few matches (a rare one).
ALTER TABLE pathfinder_opportunities
  ADD COLUMN search_title tsvector GENERATED ALWAYS AS (to_tsvector('english', title)) STORED,
  ADD COLUMN search_heading tsvector GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || coalesce(company, ''))) STORED;

CREATE INDEX pathfinder_opportunities_search_title ON pathfinder_opportunities USING gin (search_title);
CREATE INDEX pathfinder_opportunities_search_heading ON pathfinder_opportunities USING gin (search_heading);
