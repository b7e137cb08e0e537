import { createHash } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { emailNotificationKinds, emailNotificationText } from '@app/contracts';
import { Database, fullJitter, LOGGER, Logger, SERVICE_CONFIG, Tx } from '@app/service-kit';
import type { IdentityConfig } from '../config';
import { Mailer } from './mailer';
import { mailCounts } from './mail-report';

/** One mail to one recipient, as its cause queues it. */
export interface QueuedMail {
  /** Names the cause, the recipient and the kind of mail (e.g. `<event id>:<user id>:feature_status`): queued once, however often the cause runs. */
  key: string;
  /** The account it is for, when there is one: erasing the account drops its waiting mail. */
  userId?: string;
  /** What kind of mail (a confirmation, a recovery, a notification kind): for the operator and the logs. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

interface OutboxRow {
  id: string;
  user_id: string | null;
  idempotency_key: string;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  headers: Record<string, string>;
  created_at: Date;
  attempts: number;
}

/** Rows taken per pass; they are sent side by side (SMTP's pool holds a few connections). */
const SEND_BATCH = 20;
/** Waits between attempts at one mail: 1 s doubling to 5 minutes, spread out (the kit's full jitter). */
const RETRY_BACKOFF = { base: 1000, cap: 5 * 60_000 };
/** Sent rows are kept this long (as processed_events is), so a late redelivery of their cause still finds its key. */
const KEEP_SENT_DAYS = 14;
const PRUNE_EVERY_MS = 60 * 60_000;
/** How often a sender looks at the oldest waiting mail, and so how often it warns while mail is stuck. */
const WATCH_EVERY_MS = 60_000;
/** A member's own confirmation and recovery go to the address they gave, confirmed or not, and cannot be turned off. */
const ALWAYS_SENT = ['signup', 'email_change', 'recovery'];

/**
 * Identity's mail outbox. A cause (a sign-up, an event handled) queues its mail in its own
 * transaction, one row per recipient under an idempotency key, so a retried transaction or a
 * redelivered event queues nothing twice and a rolled-back one queues nothing. The sender takes due
 * rows after commit (kicked by the commit, and every MAIL_POLL_INTERVAL_MS for retries and other
 * replicas' rows), leasing each for MAIL_SEND_LEASE_SECONDS: a sender that dies mid-batch leaves the
 * rest to the next, and what it had sent is marked sent. A failed send is retried with backoff,
 * and given up after MAIL_SEND_ATTEMPTS.
 */
@Injectable()
export class MailOutbox implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private prunedAt = 0;
  private watchedAt = 0;

  constructor(
    @Inject(Database) private readonly db: Database,
    private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Queues `mails` in `tx`; they are sent once it commits. Answers how many were new (a key seen before is skipped). */
  async queue(tx: Tx, mails: QueuedMail[]): Promise<number> {
    if (mails.length === 0) return 0;
    const { rowCount } = await tx.query(
      `INSERT INTO mail_outbox (idempotency_key, user_id, kind, recipient, subject, body, headers)
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[])
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [
        mails.map((m) => m.key),
        mails.map((m) => m.userId ?? null),
        mails.map((m) => m.kind),
        mails.map((m) => m.to),
        mails.map((m) => m.subject),
        mails.map((m) => m.text),
        mails.map((m) => JSON.stringify(m.headers ?? {})),
      ],
    );
    this.wakeAfter(tx);
    return rowCount ?? 0;
  }

  /** Wakes the sender once `tx` commits: for a statement that queued mail itself (a recovery, queued only if the account exists). */
  wakeAfter(tx: Tx): void {
    tx.afterCommit(() => this.kick());
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // Sends in flight finish or, if the process ends first, are taken again when their lease ends.
    await this.running;
  }

  /** Sends what is due now, as a pass of the sender would (tests, and the admin's drain). Answers how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.sendBatch();
      sent += batch.sent;
      if (batch.taken === 0) return sent;
    }
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then(() => this.pruneNowAndThen())
        .then(() => this.watchNowAndThen())
        .catch((err: Error) => this.logger.warn({ err: err.message }, 'mail outbox could not be read; trying again'))
        .finally(() => {
          this.running = undefined;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.config.MAIL_POLL_INTERVAL_MS);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Takes up to SEND_BATCH due rows under a lease and sends them. */
  private async sendBatch(): Promise<{ taken: number; sent: number }> {
    const { rows } = await this.db.query<OutboxRow>(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
        WHERE id IN (SELECT id FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND skipped_at IS NULL AND next_attempt_at <= now()
                     ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, user_id, idempotency_key, kind, recipient, subject, body, headers, created_at, attempts`,
      [SEND_BATCH, this.config.MAIL_SEND_LEASE_SECONDS],
    );
    const unwanted = await this.skipUnwanted(rows);
    const sent = await Promise.all(rows.filter((row) => !unwanted.has(row.id)).map((row) => this.send(row)));
    return { taken: rows.length, sent: sent.filter(Boolean).length };
  }

  /**
   * Marks skipped, with the reason, the mail of `rows` its member no longer wants or may not get:
   * the kind turned off, or the address no longer confirmed or no longer theirs, since it was
   * queued (a retry waits up to minutes, and the choice counts at once). Answers their ids.
   */
  private async skipUnwanted(rows: OutboxRow[]): Promise<Set<string>> {
    const checked = rows.filter((row) => row.user_id && !ALWAYS_SENT.includes(row.kind)).map((row) => row.id);
    if (checked.length === 0) return new Set();
    const { rows: skipped } = await this.db.query<{ id: string; kind: string; skip_reason: string }>(
      `WITH reasons AS (
         SELECT o.id, CASE WHEN u.email_confirmed_at IS NULL THEN 'address not confirmed'
                           WHEN lower(u.email) <> lower(o.recipient) THEN 'address changed'
                           WHEN NOT COALESCE(c.enabled, d.by_default, true) THEN 'turned off by the member' END AS reason
           FROM mail_outbox o JOIN users u ON u.id = o.user_id
           LEFT JOIN email_notification_choices c ON c.user_id = o.user_id AND c.kind = o.kind
           LEFT JOIN unnest($2::text[], $3::boolean[]) AS d (kind, by_default) ON d.kind = o.kind
          WHERE o.id = ANY($1::bigint[]))
       UPDATE mail_outbox o SET skipped_at = now(), skip_reason = r.reason, body = NULL
         FROM reasons r WHERE r.id = o.id AND r.reason IS NOT NULL
       RETURNING o.id, o.kind, o.skip_reason`,
      [checked, emailNotificationKinds, emailNotificationKinds.map((kind) => emailNotificationText[kind].byDefault)],
    );
    for (const row of skipped) this.logger.info({ mail_id: row.id, kind: row.kind, reason: row.skip_reason }, 'mail not sent: no longer wanted');
    return new Set(skipped.map((row) => row.id));
  }

  private async send(row: OutboxRow): Promise<boolean> {
    try {
      await this.mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        headers: row.headers,
        // The same id every attempt: a mail sent again after a crash replaces its copy in the developer mailbox, and says it is the same message over SMTP.
        id: createHash('sha256').update(row.idempotency_key).digest('hex').slice(0, 24),
        queuedAt: row.created_at,
      });
    } catch (err) {
      await this.failed(row, err as Error);
      return false;
    }
    // The text goes once sent: a confirmation's link and code are not kept.
    await this.db.query('UPDATE mail_outbox SET sent_at = now(), body = NULL, last_error = NULL WHERE id = $1', [row.id]);
    return true;
  }

  private async failed(row: OutboxRow, err: Error): Promise<void> {
    const log = this.logger.child({ mail_id: row.id, kind: row.kind, attempts: row.attempts, err: err.message });
    if (row.attempts >= this.config.MAIL_SEND_ATTEMPTS) {
      await this.db.query('UPDATE mail_outbox SET failed_at = now(), body = NULL, last_error = $2 WHERE id = $1', [row.id, err.message]);
      log.error('mail given up after its last attempt');
      return;
    }
    const retryInMs = fullJitter(row.attempts - 1, RETRY_BACKOFF);
    await this.db.query("UPDATE mail_outbox SET next_attempt_at = now() + $2 * interval '1 millisecond', last_error = $3 WHERE id = $1", [
      row.id,
      retryInMs,
      err.message,
    ]);
    log.warn({ retry_in_ms: retryInMs }, 'mail not sent; will retry');
  }

  /**
   * Warns, with the counts per state, when the oldest mail not yet sent has waited longer than
   * MAIL_STUCK_ALERT_SECONDS: the SMTP server refuses or is away, or no sender runs. Answers whether it warned.
   */
  async warnIfStuck(): Promise<boolean> {
    const counts = await mailCounts(this.db);
    if (counts.oldestPendingSeconds === null || counts.oldestPendingSeconds <= this.config.MAIL_STUCK_ALERT_SECONDS) return false;
    this.logger.warn(
      { ...counts, oldestPendingSeconds: Math.round(counts.oldestPendingSeconds), threshold_seconds: this.config.MAIL_STUCK_ALERT_SECONDS },
      'mail is stuck: the oldest mail not yet sent waited past MAIL_STUCK_ALERT_SECONDS (npm run admin -- mail)',
    );
    return true;
  }

  private async watchNowAndThen(): Promise<void> {
    if (Date.now() - this.watchedAt < WATCH_EVERY_MS) return;
    this.watchedAt = Date.now();
    await this.warnIfStuck();
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    await this.db.query(`DELETE FROM mail_outbox WHERE sent_at < now() - make_interval(days => $1) OR skipped_at < now() - make_interval(days => $1)`, [
      KEEP_SENT_DAYS,
    ]);
  }
}
