-- Issue 26 item 4: comments under interview reports, and optional offer details that are only ever
-- shown as a company's ranges.

-- The author's name follows the report's rule (0009): kept only when they chose to show it.
CREATE TABLE interview_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  interview_id uuid NOT NULL REFERENCES candidate_interviews (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  show_username boolean NOT NULL DEFAULT false,
  author_name text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  edited_at timestamptz,
  CONSTRAINT interview_comments_author_shown CHECK (author_name IS NULL OR show_username)
);
-- A report's thread, oldest first, paged by (created_at, id).
CREATE INDEX interview_comments_thread ON interview_comments (interview_id, created_at, id);
-- The daily cap, and erasure of a deleted account's comments.
CREATE INDEX interview_comments_user ON interview_comments (user_id, created_at);

-- Kept on the report, as helpful_count is, so a card says how many comments it has without a count per card.
ALTER TABLE candidate_interviews ADD COLUMN comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0);

-- Yearly amounts in whole units of offer_currency; all null without offer details.
ALTER TABLE candidate_interviews
  ADD COLUMN offer_currency text CHECK (offer_currency ~ '^[A-Z]{3}$'),
  ADD COLUMN offer_base bigint CHECK (offer_base > 0),
  ADD COLUMN offer_bonus bigint CHECK (offer_bonus >= 0),
  ADD COLUMN offer_equity bigint CHECK (offer_equity >= 0),
  ADD COLUMN offer_level text CHECK (char_length(offer_level) <= 40),
  ADD CONSTRAINT candidate_interviews_offer_whole CHECK (
    (offer_currency IS NULL) = (offer_base IS NULL)
    AND (offer_base IS NOT NULL OR (offer_bonus IS NULL AND offer_equity IS NULL AND offer_level IS NULL)));
-- A company's offer ranges read only its reports with offer details.
CREATE INDEX candidate_interviews_company_offers ON candidate_interviews (company_id, offer_currency) WHERE offer_base IS NOT NULL;
