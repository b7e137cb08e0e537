-- Student Pathfinder at 10,000 opportunities (issue 23: p95 ≤ 50 ms for search, filter and sort).
-- A list reads its open ones, then if need be its ended ones, each in its sort's index order and
-- only as far as the page goes (opportunities.repository.ts), instead of sorting every row.
CREATE INDEX pathfinder_opportunities_newest ON pathfinder_opportunities (created_at DESC, id DESC);
CREATE INDEX pathfinder_opportunities_upvoted ON pathfinder_opportunities (upvotes DESC, created_at DESC, id DESC);
CREATE INDEX pathfinder_opportunities_deadline ON pathfinder_opportunities ((coalesce(deadline, 'infinity'::date)), created_at DESC, id DESC);
