import type { Database, Logger, Metrics } from '@app/service-kit';

/** The mail outbox's rows per state: waiting (never tried yet), retrying (tried, failed, due again), and the ends. */
export interface MailCounts {
  waiting: number;
  retrying: number;
  failed: number;
  skipped: number;
  sent: number;
  /** Age of the oldest mail not yet sent nor given up, in seconds; null when none waits. */
  oldestPendingSeconds: number | null;
}

/** One mail an operator should look at: failing, given up, or among the oldest waiting. */
export interface StuckMail {
  id: string;
  kind: string;
  state: 'waiting' | 'retrying' | 'failed';
  queuedAt: Date;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
}

/** Counts per state (sent and skipped ones are kept 14 days, then pruned). */
export async function mailCounts(db: Database): Promise<MailCounts> {
  const { rows } = await db.query<Record<keyof MailCounts, string | null>>(
    `SELECT count(*) FILTER (WHERE pending AND last_error IS NULL) AS waiting,
            count(*) FILTER (WHERE pending AND last_error IS NOT NULL) AS retrying,
            count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed,
            count(*) FILTER (WHERE skipped_at IS NOT NULL) AS skipped,
            count(*) FILTER (WHERE sent_at IS NOT NULL) AS sent,
            extract(epoch FROM now() - min(created_at) FILTER (WHERE pending)) AS "oldestPendingSeconds"
       FROM (SELECT *, sent_at IS NULL AND failed_at IS NULL AND skipped_at IS NULL AS pending FROM mail_outbox) o`,
  );
  const [row] = rows;
  return {
    waiting: Number(row.waiting),
    retrying: Number(row.retrying),
    failed: Number(row.failed),
    skipped: Number(row.skipped),
    sent: Number(row.sent),
    oldestPendingSeconds: row.oldestPendingSeconds === null ? null : Number(row.oldestPendingSeconds),
  };
}

/** The mail an operator should look at, at most `limit`: failing or given up (newest first), then the oldest waiting. */
export async function stuckMail(db: Database, limit = 20): Promise<StuckMail[]> {
  const { rows } = await db.query<StuckMail>(
    `(SELECT id, kind, CASE WHEN failed_at IS NOT NULL THEN 'failed' ELSE 'retrying' END AS state, created_at AS "queuedAt", attempts,
             next_attempt_at AS "nextAttemptAt", last_error AS "lastError"
        FROM mail_outbox WHERE sent_at IS NULL AND skipped_at IS NULL AND last_error IS NOT NULL ORDER BY created_at DESC LIMIT $1)
     UNION ALL
     (SELECT id, kind, 'waiting', created_at, attempts, next_attempt_at, last_error
        FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND skipped_at IS NULL AND last_error IS NULL ORDER BY created_at LIMIT $1)`,
    [limit],
  );
  return rows.slice(0, limit);
}

/**
 * Stuck mail as Prometheus sees it, besides the MAIL_STUCK_ALERT_SECONDS warning (issue 34): the
 * mail not yet sent nor given up, and the oldest one's age (0 when none waits), from one read of
 * the outbox per scrape. An outbox that cannot be read leaves both out of that scrape.
 */
export function registerMailMetrics(metrics: Metrics, db: Database, logger: Logger): void {
  let reading: Promise<MailCounts | undefined> | undefined;
  const counts = () =>
    (reading ??= mailCounts(db)
      .catch((err: Error) => {
        logger.warn({ err: err.message }, 'mail outbox could not be read for metrics');
        return undefined;
      })
      .finally(() => (reading = undefined)));
  metrics.gauge('mail_outbox_unsent', 'Mail queued and not yet sent nor given up (waiting or retrying)', async () => {
    const c = await counts();
    return c && c.waiting + c.retrying;
  });
  metrics.gauge('mail_outbox_oldest_unsent_age_seconds', 'Age of the oldest mail not yet sent nor given up (0 when none waits)', async () => {
    const c = await counts();
    return c && (c.oldestPendingSeconds ?? 0);
  });
}
