import { limitStore, type Database, type LimitStore } from '@app/service-kit';

export { SharedLimit as Counter, sweepExpiredLimits as sweepExpiredCounters, type LimitStore as CounterStore } from '@app/service-kit';

/**
 * Identity's limits, in its Postgres (migrations/0004_rate_limits.sql) through the kit's shared
 * limits, so every replica sees the same counts. Keys are hashed with a key derived from
 * SIGNING_KEY_ENCRYPTION_KEY: the table tells no reader which e-mails or addresses it counts.
 */
export const counterStore = (db: Database, secret: Buffer): LimitStore => limitStore(db, 'identity rate limit keys', secret);
