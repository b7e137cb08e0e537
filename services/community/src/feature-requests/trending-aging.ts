import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { trendingDays } from '@app/contracts';
import { Database, JobRunner } from '@app/service-kit';

/** How often upvotes that passed trendingDays leave the trending counts: trending may lag this much. */
const agingIntervalMs = 5 * 60 * 1000;

/**
 * Keeps each request's trending count (migration 0015): takes off the upvotes that have become
 * older than trendingDays since the last run. A job of the kit's runner (one run at a time across
 * replicas, retried when it fails); the single row's lock still orders a run by hand (admin) with
 * it, and each run takes off only the upvotes between the last run's boundary and its own.
 */
@Injectable()
export class TrendingAging implements OnModuleInit {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(JobRunner) private readonly jobs: JobRunner,
  ) {}

  onModuleInit(): void {
    this.jobs.define({ name: 'trending-aging', everyMs: agingIntervalMs, run: () => this.age() });
  }

  /** One run; answers how many requests' counts changed. */
  async age(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ from_time: Date; to_time: Date }>(
        `SELECT aged_until - make_interval(days => ${trendingDays}) AS from_time, now() - make_interval(days => ${trendingDays}) AS to_time
         FROM trending_aging FOR UPDATE`,
      );
      const { from_time: from, to_time: to } = rows[0];
      const { rowCount } = await tx.query(
        `UPDATE requested_features f SET trending_upvotes = f.trending_upvotes - old.n
         FROM (SELECT entity_id, count(*)::int AS n FROM interactions
               WHERE entity_type = 'feature_request' AND interaction_type = 'upvote' AND created_at > $1 AND created_at <= $2
               GROUP BY entity_id) old
         WHERE f.id = old.entity_id`,
        [from, to],
      );
      await tx.query(`UPDATE trending_aging SET aged_until = $1::timestamptz + make_interval(days => ${trendingDays})`, [to]);
      return rowCount ?? 0;
    });
  }
}
