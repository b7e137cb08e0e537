-- The monthly free allowance: on a user's first use in a calendar month (UTC) the balance is topped
-- up to the allowance. allowance_month is the month (its first day) whose top-up was last settled;
-- a new account's starter credits stand for its first month. Settling moves it forward under the
-- account's row lock, so two first uses at once grant once.
ALTER TABLE credit_accounts ADD COLUMN allowance_month date;
UPDATE credit_accounts SET allowance_month = date_trunc('month', created_at AT TIME ZONE 'UTC')::date;
ALTER TABLE credit_accounts
  ALTER COLUMN allowance_month SET DEFAULT date_trunc('month', now() AT TIME ZONE 'UTC')::date,
  ALTER COLUMN allowance_month SET NOT NULL;
