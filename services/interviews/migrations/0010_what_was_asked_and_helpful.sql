-- Issue 26 item 4: each round may say what was asked (free text) and name the problems asked; the
-- company page lists the problems named most often; candidates mark reports helpful, once each.
-- Rounds stay one jsonb list: {round, round_date_str, asked, problems[]}.

-- The problems one interview names, once each ignoring case (a problem asked in two rounds was still
-- asked in one interview): what it adds to its company's most asked questions.
CREATE VIEW interview_question_keys AS
  SELECT i.id, i.company_id, lower(p.title) AS key, min(p.title) AS title
  FROM candidate_interviews i
  CROSS JOIN LATERAL jsonb_array_elements(i.rounds) AS r(round)
  CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(r.round -> 'problems', '[]')) AS p(title)
  GROUP BY i.id, i.company_id, lower(p.title);

-- Counted at every write, like company_insight_counts, so the list reads a company's few rows at most.
-- title: the spelling of the first interview that named it, as shown.
CREATE TABLE company_question_counts (
  company_id uuid NOT NULL REFERENCES companies (id),
  key text NOT NULL,
  title text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (company_id, key)
);
CREATE INDEX company_question_counts_top ON company_question_counts (company_id, n DESC, key);

INSERT INTO company_question_counts (company_id, key, title, n)
SELECT company_id, key, min(title), count(*) FROM interview_question_keys GROUP BY company_id, key;

-- One helpful mark per candidate and interview; the count is kept on the interview so the list can
-- sort by it with an index, as it pages.
CREATE TABLE interview_helpful_votes (
  interview_id uuid NOT NULL REFERENCES candidate_interviews (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (interview_id, user_id)
);
-- The caller's marks on a page's cards, and erasure of a deleted account's marks.
CREATE INDEX interview_helpful_votes_user ON interview_helpful_votes (user_id, interview_id);

ALTER TABLE candidate_interviews ADD COLUMN helpful_count integer NOT NULL DEFAULT 0 CHECK (helpful_count >= 0);
CREATE INDEX candidate_interviews_helpful ON candidate_interviews (helpful_count DESC, created_at DESC, id DESC);
CREATE INDEX candidate_interviews_company_helpful ON candidate_interviews (company_id, helpful_count DESC, created_at DESC, id DESC);
