-- One normalised form of every e-mail (trimmed, lower-cased: src/accounts/email.ts). Addresses
-- accepted at sign-up are ASCII, so lower() here and in JavaScript agree on them.
UPDATE users SET email = lower(btrim(email)) WHERE email <> lower(btrim(email));

-- The one pending proof of control of an address per user: the sign-up address, or the new
-- address of an e-mail change (which takes effect only once confirmed). The link carries a
-- 256-bit secret; the 6-digit code is bounded by `attempts`. Only hashes are kept.
CREATE TABLE email_confirmations (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('signup', 'email_change')),
  email text NOT NULL,
  link_hash text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- Sessions ended before their access tokens expire. Kept apart from `sessions` so an account's
-- deletion (which cascades its sessions away) still leaves its tokens refused; rows are useless,
-- and deleted, once every token of the session has expired.
CREATE TABLE session_revocations (
  session_id uuid PRIMARY KEY,
  revoked_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX session_revocations_revoked_idx ON session_revocations (revoked_at);
