-- Issue 35 item 1: one account posted offers of 1 and 10,000,000,000 beside a real one, and
-- deleting and re-posting the low one moved the 25th percentile until the real amount could be
-- solved for. Ranges now count only accounts interviews knows to be confirmed and old enough, one
-- report per account, company and currency, within a plausible band, and they are published once a
-- day into a table, so a write shows nothing until the next publication (docs/salary-privacy.md).

-- What interviews knows of an account: when it registered (identity.user.registered, or when it
-- first shared an interview here, whichever is earlier) and whether its e-mail was confirmed when
-- it last shared one. Accounts interviews never heard of (the sample data's author) count nowhere.
CREATE TABLE known_accounts (
  user_id uuid PRIMARY KEY,
  registered_at timestamptz NOT NULL,
  confirmed_at timestamptz
);

-- A company's ranges as last published: contracts' offer_ranges, ready to answer.
CREATE TABLE published_offer_ranges (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  ranges jsonb NOT NULL
);

-- When ranges were last published. The replica whose UPDATE ... WHERE published_at is old enough
-- takes the row publishes; another's waits for that commit and then finds it too recent.
CREATE TABLE offer_ranges_publication (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  published_at timestamptz
);
INSERT INTO offer_ranges_publication (published_at) VALUES (NULL);

-- A publication changes what the company page answers: counted like a write (0008), so kept
-- insights are read again.
CREATE CONSTRAINT TRIGGER published_offer_ranges_changed AFTER INSERT OR UPDATE OR DELETE ON published_offer_ranges
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_interview_change();
CREATE CONSTRAINT TRIGGER offer_ranges_publication_changed AFTER UPDATE ON offer_ranges_publication
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_interview_change();

-- Interview comments say whether their author wrote as a moderator (the app's badge).
ALTER TABLE interview_comments ADD COLUMN by_moderator boolean NOT NULL DEFAULT false;
