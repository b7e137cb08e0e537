-- Wrong codes have been counted in rate_limits since 0004, which stopped writing and reading this.
ALTER TABLE email_confirmations DROP COLUMN attempts;

-- The one pending password recovery per user (POST /recover): a link carrying a 256-bit secret and
-- a 6-digit code, mailed to the account's address. Only hashes are kept; the latest pair works, once.
-- Apart from email_confirmations, so asking for a recovery never cancels a pending confirmation.
CREATE TABLE password_recoveries (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  link_hash text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- A session opened by a recovery may set a new password without the current one (GoTrue's
-- recovery AMR), until it has set one.
ALTER TABLE sessions ADD COLUMN recovery boolean NOT NULL DEFAULT false;
