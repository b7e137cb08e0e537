-- A company's insights were counted over all its interviews at every visit of its page: 17,000
-- interviews for the largest company of the bench, about 100 ms of jsonb and array unpacking. These
-- counters are kept instead, in the transaction of every write, so reading insights is reading a
-- few dozen rows of one company.

-- What one interview contributes to its company's counters: one row per (kind, key).
CREATE VIEW interview_insight_keys AS
  SELECT id, company_id, 'interviews' AS kind, '' AS key FROM candidate_interviews
  UNION ALL
  SELECT id, company_id, 'outcome', outcome FROM candidate_interviews WHERE outcome IS NOT NULL
  UNION ALL
  SELECT id, company_id, 'level', level FROM candidate_interviews WHERE level IS NOT NULL
  UNION ALL
  SELECT id, company_id, 'process_days', process_days::text FROM candidate_interviews WHERE process_days IS NOT NULL
  UNION ALL
  SELECT i.id, i.company_id, 'topic', t.topic FROM candidate_interviews i CROSS JOIN LATERAL unnest(i.topics) AS t(topic)
  UNION ALL
  SELECT i.id, i.company_id, 'round', r.round ->> 'round' FROM candidate_interviews i CROSS JOIN LATERAL jsonb_array_elements(i.rounds) AS r(round)
  WHERE r.round ->> 'round' IS NOT NULL;

CREATE TABLE company_insight_counts (
  company_id uuid NOT NULL REFERENCES companies (id),
  kind text NOT NULL CHECK (kind IN ('interviews', 'outcome', 'level', 'process_days', 'topic', 'round')),
  key text NOT NULL,
  -- No CHECK (n >= 0): taking counts away upserts rows with a negative n, and a CHECK applies to
  -- that proposed row before the conflict turns it into an update.
  n integer NOT NULL,
  PRIMARY KEY (company_id, kind, key)
);

INSERT INTO company_insight_counts (company_id, kind, key, n)
SELECT company_id, kind, key, count(*) FROM interview_insight_keys GROUP BY company_id, kind, key;
