-- The daily review e-mail is off until the member turns it on (issue 38 item 6): a row per member
-- who chose, either way; no row, no e-mail. Those who had turned it off keep that choice; everyone
-- else had never chosen, and is now asked on Problem Review instead of mailed.
CREATE TABLE review_email_choices (
  user_id uuid PRIMARY KEY,
  enabled boolean NOT NULL,
  chosen_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
INSERT INTO review_email_choices (user_id, enabled, chosen_at) SELECT user_id, false, created_at FROM review_email_optouts;
DROP TABLE review_email_optouts;
