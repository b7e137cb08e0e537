-- The upvote counter of 0006 names its table unqualified: pinned to this schema, it finds it
-- whoever writes to interactions (a bulk load or an admin session has another search_path).
ALTER FUNCTION count_opportunity_upvotes() SET search_path FROM CURRENT;
