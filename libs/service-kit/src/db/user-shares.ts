import type { Database } from './database';
import { limitStore, SharedLimit, sweepExpiredLimits } from './shared-limits';

const table = 'user_request_shares';

/**
 * Each signed-in user's share of a service's calls: `burst` calls, then `perSecond` on average,
 * counted in the service's Postgres so that it holds whatever the number of replicas
 * (docs/limits.md). A window of burst / perSecond seconds starts with a user's first call and
 * admits `burst` calls: the same average as a token bucket of that size, and at most twice the
 * burst across the edge of two windows.
 *
 * A replica takes a user's calls from the shared count a twentieth of the burst at a time and
 * spends them locally until the window ends, so most calls cost no round trip to Postgres. What
 * that costs in accuracy: a user at the limit may be refused while another replica still holds up
 * to a twentieth of the burst (5 % per replica), never admitted past it.
 */
export class UserShares {
  private readonly limit: SharedLimit;
  private readonly batch: number;
  /** Calls taken from the shared count and not yet spent, by user, until their window ends. */
  private readonly leases = new Map<string, { left: number; until: number }>();
  private readonly taking = new Map<string, Promise<number>>();

  constructor(
    private readonly db: Database,
    perSecond: number,
    burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.limit = new SharedLimit({ ...limitStore(db, 'user-requests'), table }, 'user', burst, burst / perSecond);
    this.batch = Math.max(1, Math.floor(burst / 20));
  }

  /** Counts one call of `userId`; seconds until the next is admitted when this one is over the share, else 0. */
  async take(userId: string): Promise<number> {
    if (this.batch === 1) return this.limit.take(userId);
    for (;;) {
      const now = this.now();
      const lease = this.leases.get(userId);
      if (lease && lease.left > 0 && now < lease.until) {
        lease.left--;
        return 0;
      }
      // One lease at a time per user: calls that arrive meanwhile spend it rather than each taking a batch.
      const taking = this.taking.get(userId);
      if (taking) {
        const wait = await taking;
        if (wait > 0) return wait;
        continue;
      }
      const next = this.lease(userId, now).finally(() => this.taking.delete(userId));
      this.taking.set(userId, next);
      const wait = await next;
      if (wait > 0) return wait;
    }
  }

  /** Takes a batch from the shared count for `userId`; the seconds to wait when the share is spent, else 0. */
  private async lease(userId: string, now: number): Promise<number> {
    const taken = await this.limit.takeMany(userId, this.batch);
    if (!('windowMs' in taken)) return taken.wait;
    if (this.leases.size >= maxLeases) this.forgetEnded(now);
    this.leases.set(userId, { left: this.batch, until: now + taken.windowMs });
    return 0;
  }

  /** Deletes the windows that have ended (a kit job). */
  sweep(): Promise<void> {
    this.forgetEnded(this.now());
    return sweepExpiredLimits(this.db, table);
  }

  private forgetEnded(now: number): void {
    for (const [userId, lease] of this.leases) if (lease.until <= now) this.leases.delete(userId);
  }
}

/** Past this many users holding calls, ended leases are forgotten before another is kept. */
const maxLeases = 10_000;
