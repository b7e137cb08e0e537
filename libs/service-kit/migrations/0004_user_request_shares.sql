-- Each signed-in user's share of a service's calls (USER_REQUESTS_PER_SECOND, USER_REQUEST_BURST),
-- counted here so that every replica of the service counts the same calls (docs/limits.md), with
-- the columns of rate-limiter-flexible's Postgres store (kit db/shared-limits.ts). UNLOGGED: a count
-- is written on every call, so it skips the WAL; a crash of Postgres forgets the counts of the
-- last seconds, which is all they hold.
CREATE UNLOGGED TABLE IF NOT EXISTS user_request_shares (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint);
CREATE INDEX IF NOT EXISTS user_request_shares_expire_idx ON user_request_shares (expire);
