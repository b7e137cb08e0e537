-- The counts of community's limits (contact messages per address and per account), shared by every
-- replica and kept across restarts: rate-limiter-flexible's Postgres store through the kit's shared
-- limits (libs/service-kit/src/db/shared-limits.ts). `key` is `<limit>:<keyed hash of what it counts
-- by>`, so no address is kept in the clear; `expire` is when the key's window ends, in ms since the epoch.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
