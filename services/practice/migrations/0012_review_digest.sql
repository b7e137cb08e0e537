-- The daily e-mail of reviews due (issue 26 item 3). One row per user and day, claimed by whichever
-- replica gets there first (INSERT ... ON CONFLICT DO NOTHING): the digest event is recorded in the
-- same transaction, so a user gets at most one a day whatever the number of replicas. due_count 0:
-- checked that day, nothing was due.
CREATE TABLE review_digests (
  user_id uuid NOT NULL,
  day date NOT NULL,
  due_count int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, day)
);

-- Users who turned the e-mail off (in Settings or by the mail's link); everyone else gets it.
CREATE TABLE review_email_optouts (
  user_id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The key that signs unsubscribe links: one row, made by the first replica that needs it, so every
-- replica signs and checks with the same key and nothing has to be configured.
CREATE TABLE review_digest_key (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  key bytea NOT NULL
);
