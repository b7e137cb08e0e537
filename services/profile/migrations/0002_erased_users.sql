-- Accounts deleted in identity (identity.user.deleted). Their profile is erased, and the id is kept
-- so that a sign-up event handled late, or a request with an access token that has not expired
-- yet, does not make the profile again.
CREATE TABLE erased_users (
  user_id uuid PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);
