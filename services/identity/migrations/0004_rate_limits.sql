-- The counters of identity's limits (sign-in failures, wrong confirmation codes, resends, sign-ups),
-- shared by every replica: rate-limiter-flexible's Postgres store (src/accounts/counters.ts).
-- `key` is `<limit>:<SHA-256 of what it counts by>`, so no e-mail or address is kept in the clear;
-- `expire` is when the key's window ends, in ms since the epoch.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);

-- Wrong codes are counted here now, per e-mail: email_confirmations.attempts is no longer written or
-- read (a later release drops it, expand-then-contract).
