-- System Design (issue 36). The prompts themselves are a constant of the service (like the problem
-- catalogue); these tables keep what candidates do with them.

-- One attempt of one prompt: the draft as last autosaved (last write wins by the client's revision),
-- and once submitted the concepts it covered and missed and the self-review.
CREATE TABLE design_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  prompt_slug text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('timed', 'untimed')),
  started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  revision bigint NOT NULL DEFAULT 0,
  saved_at timestamptz,
  notes jsonb NOT NULL DEFAULT '{}',
  -- The Excalidraw scene's JSON as text: stored and answered as it came, never parsed by Postgres.
  scene text,
  submitted_at timestamptz,
  concepts_covered text[],
  concepts_missed text[],
  rubric jsonb,
  rubric_total smallint
);
-- The caller's attempts of a prompt (newest first), and those started in the last 24 hours (the daily cap).
CREATE INDEX design_attempts_by_prompt ON design_attempts (user_id, prompt_slug, started_at DESC);
CREATE INDEX design_attempts_by_start ON design_attempts (user_id, started_at);

-- Per candidate and prompt, kept up to date by each start, submit and rating, so the prompt list
-- reads at most one row per prompt however many attempts there are.
CREATE TABLE design_progress (
  user_id uuid NOT NULL,
  prompt_slug text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  best_rubric_total smallint,
  last_practised_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, prompt_slug)
);

-- A concept a submitted attempt missed: an FSRS card (null before its first review) due from when it was missed.
CREATE TABLE design_concept_cards (
  user_id uuid NOT NULL,
  concept text NOT NULL,
  -- The prompt whose attempt missed it last, with its title as the review card shows it.
  prompt_slug text NOT NULL,
  prompt_title text NOT NULL,
  schedule jsonb,
  due_at timestamptz NOT NULL,
  reviews integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, concept)
);
CREATE INDEX design_concept_cards_due ON design_concept_cards (user_id, due_at);

-- The read model of interview reports (interviews.interview.changed): the prompts each report's
-- rounds name. A deleted report stays as a row without prompts, so an older event cannot bring it back.
CREATE TABLE design_asked_reports (
  interview_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  company_id uuid NOT NULL,
  company_name text NOT NULL,
  prompt_slugs text[] NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX design_asked_reports_company ON design_asked_reports (company_id);
CREATE INDEX design_asked_reports_user ON design_asked_reports (user_id);

-- Reports naming each prompt per company, and reports naming any prompt per company (the company
-- filter's choices): recounted from the read model for a company whenever one of its reports changes.
CREATE TABLE design_asked_counts (
  prompt_slug text NOT NULL,
  company_id uuid NOT NULL,
  company_name text NOT NULL,
  reports integer NOT NULL,
  PRIMARY KEY (prompt_slug, company_id)
);
CREATE TABLE design_asked_companies (
  company_id uuid PRIMARY KEY,
  company_name text NOT NULL,
  reports integer NOT NULL
);

CREATE FUNCTION recount_design_asked(company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM design_asked_counts WHERE company_id = company;
  DELETE FROM design_asked_companies WHERE company_id = company;
  INSERT INTO design_asked_counts (prompt_slug, company_id, company_name, reports)
    SELECT slug, company, max(company_name), count(*) FROM design_asked_reports, unnest(prompt_slugs) AS slug
    WHERE company_id = company GROUP BY slug;
  INSERT INTO design_asked_companies (company_id, company_name, reports)
    SELECT company, max(company_name), count(*) FROM design_asked_reports
    WHERE company_id = company AND cardinality(prompt_slugs) > 0 HAVING count(*) > 0;
$$;

-- identity.user.deleted: the account's attempts, progress and cards go, and its reports stop counting.
CREATE FUNCTION erase_system_design(account uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  company uuid;
BEGIN
  DELETE FROM design_attempts WHERE user_id = account;
  DELETE FROM design_progress WHERE user_id = account;
  DELETE FROM design_concept_cards WHERE user_id = account;
  FOR company IN WITH gone AS (DELETE FROM design_asked_reports WHERE user_id = account RETURNING company_id) SELECT DISTINCT company_id FROM gone LOOP
    PERFORM pg_advisory_xact_lock(hashtext('design_asked:' || company));
    PERFORM recount_design_asked(company);
  END LOOP;
END;
$$;
