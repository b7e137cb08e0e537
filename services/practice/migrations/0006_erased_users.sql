-- Accounts deleted in identity (identity.user.deleted). Their questions and sessions are erased,
-- and the id is kept so that an access token that has not expired yet cannot add new ones.
CREATE TABLE erased_users (
  user_id uuid PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);
