-- The private calendar feed (issue 26): one per candidate, found by the SHA-256 of its token (the
-- token itself is never stored), with the time zone its days are in.
CREATE TABLE calendar_feeds (
  user_id uuid PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  time_zone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The interview day, copied from profile's profile.interview_date.set events (no reads across
-- databases); set_at orders redeliveries and out-of-order events.
CREATE TABLE interview_dates (
  user_id uuid PRIMARY KEY,
  interview_date date,
  set_at timestamptz NOT NULL
);
