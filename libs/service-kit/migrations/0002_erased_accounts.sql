-- Accounts deleted in identity (identity.user.deleted) whose data this service erased. Remembered
-- so that a late event or an access token that has not expired yet cannot bring that data back.
CREATE TABLE erased_accounts (
  user_id uuid PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);
