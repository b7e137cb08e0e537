import type { Database } from '../db/database';
import { promClient } from './prom-client';
import type { Metrics } from './registry';

/**
 * The database pool as an operator reads it when calls are slow: how often and how long a call
 * queued for a connection because all of them were busy (`db_pool_wait_seconds`, a histogram: its
 * count is the number of waits), and at each scrape the connections open, idle and the calls
 * waiting. A pool too small for the load shows here before it shows as Postgres being slow.
 */
export function registerDatabaseMetrics(metrics: Metrics, db: Database): void {
  const { Gauge, Histogram } = promClient();
  const registers = [metrics.registry];
  const waits = new Histogram({
    name: 'db_pool_wait_seconds',
    help: 'Calls that found every database connection busy, and how long each waited for one',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3],
    registers,
  });
  db.observePoolWaits((seconds) => waits.observe(seconds));
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of the pool, by state (idle or in use), and calls waiting for one',
    labelNames: ['state'],
    registers,
    collect() {
      const { totalCount, idleCount, waitingCount } = db.pool;
      this.set({ state: 'idle' }, idleCount);
      this.set({ state: 'in_use' }, totalCount - idleCount);
      this.set({ state: 'waiting' }, waitingCount);
    },
  });
}
