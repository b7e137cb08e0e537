-- The prompt list read every (prompt, company) count and ranked them per request: 200 ms with 500
-- companies on a busy machine (bench/system-design). It now reads one row per prompt, its reports and
-- its five companies with most reports, kept by the recount of a company whenever one of its reports changes.
CREATE TABLE design_asked_prompts (
  prompt_slug text PRIMARY KEY,
  reports integer NOT NULL,
  companies jsonb NOT NULL
);
CREATE INDEX design_asked_counts_company ON design_asked_counts (company_id);
CREATE INDEX design_asked_counts_top ON design_asked_counts (prompt_slug, reports DESC, company_name);
CREATE INDEX design_asked_companies_top ON design_asked_companies (reports DESC, company_name);

-- One recount at a time (a transaction-level lock): two companies' recounts touch the same prompts' rows.
CREATE OR REPLACE FUNCTION recount_design_asked(company uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  slugs text[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('design_asked'));
  SELECT coalesce(array_agg(prompt_slug), '{}') INTO slugs FROM design_asked_counts WHERE company_id = company;
  DELETE FROM design_asked_counts WHERE company_id = company;
  DELETE FROM design_asked_companies WHERE company_id = company;
  INSERT INTO design_asked_counts (prompt_slug, company_id, company_name, reports)
    SELECT slug, company, max(company_name), count(*) FROM design_asked_reports, unnest(prompt_slugs) AS slug
    WHERE company_id = company GROUP BY slug;
  INSERT INTO design_asked_companies (company_id, company_name, reports)
    SELECT company, max(company_name), count(*) FROM design_asked_reports
    WHERE company_id = company AND cardinality(prompt_slugs) > 0 HAVING count(*) > 0;
  slugs := slugs || ARRAY(SELECT prompt_slug FROM design_asked_counts WHERE company_id = company);
  DELETE FROM design_asked_prompts WHERE prompt_slug = ANY (slugs);
  INSERT INTO design_asked_prompts (prompt_slug, reports, companies)
    SELECT s,
           (SELECT sum(reports) FROM design_asked_counts WHERE prompt_slug = s),
           (SELECT jsonb_agg(jsonb_build_object('company_id', company_id, 'company_name', company_name, 'reports', reports) ORDER BY reports DESC, company_name)
              FROM (SELECT company_id, company_name, reports FROM design_asked_counts WHERE prompt_slug = s ORDER BY reports DESC, company_name LIMIT 5) top)
    FROM (SELECT DISTINCT unnest(slugs) AS s) changed
    WHERE EXISTS (SELECT 1 FROM design_asked_counts WHERE prompt_slug = s);
END;
$$;

-- As in 0020, under the one recount lock taken first (a lock per company, then the shared one, could deadlock).
CREATE OR REPLACE FUNCTION erase_system_design(account uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  company uuid;
BEGIN
  DELETE FROM design_attempts WHERE user_id = account;
  DELETE FROM design_progress WHERE user_id = account;
  DELETE FROM design_concept_cards WHERE user_id = account;
  PERFORM pg_advisory_xact_lock(hashtext('design_asked'));
  FOR company IN WITH gone AS (DELETE FROM design_asked_reports WHERE user_id = account RETURNING company_id) SELECT DISTINCT company_id FROM gone LOOP
    PERFORM recount_design_asked(company);
  END LOOP;
END;
$$;
