-- Interview experiences. completed_on, process_days and round_count are derived from the rounds
-- when the interview is written, so the list never unpacks jsonb to show a card or filter.
-- The author's name is not stored: every card shows 'Some Candidate'.
CREATE TABLE candidate_interviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  company_id uuid NOT NULL REFERENCES companies (id),
  level text,
  title text,
  location text,
  outcome text CHECK (outcome IN ('ongoing', 'rejected', 'offer', 'accepted')),
  topics text[] NOT NULL DEFAULT '{}',
  rounds jsonb NOT NULL,
  completed_on date,
  process_days integer,
  round_count integer NOT NULL,
  -- clock_timestamp(): the moment of the insert, not of its transaction's start, so the newest-first
  -- order is the order interviews were written in.
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Keyset paging, newest first, unfiltered and within each filter group.
CREATE INDEX candidate_interviews_page ON candidate_interviews (created_at DESC, id DESC);
CREATE INDEX candidate_interviews_company ON candidate_interviews (company_id, created_at DESC, id DESC);
CREATE INDEX candidate_interviews_level ON candidate_interviews (level, created_at DESC, id DESC);
CREATE INDEX candidate_interviews_title ON candidate_interviews (title, created_at DESC, id DESC);
CREATE INDEX candidate_interviews_location ON candidate_interviews (lower(location), created_at DESC, id DESC);
CREATE INDEX candidate_interviews_outcome ON candidate_interviews (outcome, created_at DESC, id DESC);
-- Ownership checks and erasure of a deleted account.
CREATE INDEX candidate_interviews_user ON candidate_interviews (user_id);
