-- The company page names a company by its logo slug (jane-street): found through this index rather
-- than by rewriting every company's name on each visit.
CREATE INDEX companies_slug ON companies ((regexp_replace(lower(btrim(name)), '\s+', '-', 'g')));
