import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { defaultTimeZone, practiceApi, reviewDigestTitles } from '@app/contracts';
import type { ReviewEmail, ReviewEmailSetting } from '@app/contracts';
import { Database, EventBus, isErased, notFound, openToken, sealToken, SERVICE_CONFIG, uuidFromBytes, uuidToBytes, unauthorized } from '@app/service-kit';
import type { PracticeConfig } from '../config';
import { ReviewSessionRepository } from '../review-session/review-session.repository';
import { digestDay } from './digest-day';

const tokenPurpose = 'review-email-unsubscribe';
/** An unsubscribe address works this long after its mail. */
const TOKEN_DAYS = 90;

/**
 * The daily e-mail of reviews due: which users' day has come, what is due for them (the due queue's
 * rule), and whether they turned it on (it is off until they do). Identity, which knows whether the
 * address is confirmed, sends it from practice.review_digest.due.
 */
@Injectable()
export class DigestService {
  private key?: Promise<Buffer>;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: PracticeConfig,
    private readonly queues: ReviewSessionRepository,
  ) {}

  /**
   * One pass of the job: every user with problems, not turned off and without a digest for their
   * current day, whose day (in their time zone, else UTC) has reached REVIEW_DIGEST_HOUR. Answers
   * how many digests it recorded.
   */
  async run(now: Date = new Date()): Promise<number> {
    const { rows } = await this.db.query<{ user_id: string; time_zone: string }>(
      `SELECT u.user_id, COALESCE(z.time_zone, $2) AS time_zone
       FROM (SELECT DISTINCT user_id FROM leetcode_questions) u
       LEFT JOIN time_zones z ON z.user_id = u.user_id
       WHERE EXISTS (SELECT 1 FROM review_email_choices c WHERE c.user_id = u.user_id AND c.enabled)
         AND NOT EXISTS (SELECT 1 FROM review_digests d WHERE d.user_id = u.user_id
                         AND d.day >= ($1::timestamptz AT TIME ZONE COALESCE(z.time_zone, $2))::date)`,
      [now, defaultTimeZone],
    );
    let recorded = 0;
    for (const { user_id: userId, time_zone: timeZone } of rows) {
      const day = digestDay(now, timeZone, this.config.REVIEW_DIGEST_HOUR);
      if (day && (await this.digest(userId, timeZone, day))) recorded += 1;
    }
    return recorded;
  }

  /**
   * Claims the user's day first, then computes and records the digest in the claim's transaction:
   * another pass for the same user and day (a retry, another replica) waits on the claim and then
   * finds it taken, and a pass that fails leaves no claim behind.
   */
  private async digest(userId: string, timeZone: string, day: string): Promise<boolean> {
    const token = sealToken({ id: 0, key: await this.signingKey() }, tokenPurpose, uuidToBytes(userId), new Date(Date.now() + TOKEN_DAYS * 86_400_000));
    return this.db.transaction(async (tx) => {
      const { rowCount } = await tx.query('INSERT INTO review_digests (user_id, day, due_count) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [userId, day]);
      if (!rowCount) return false;
      const { questions, held_back } = await this.queues.dueQueue(userId, timeZone, tx);
      if (questions.length === 0) return false;
      await tx.query('UPDATE review_digests SET due_count = $3 WHERE user_id = $1 AND day = $2', [userId, day, questions.length]);
      await this.events.record(tx, 'practice.review_digest.due', {
        user_id: userId,
        date: day,
        due_count: questions.length,
        due_total: questions.length + held_back,
        titles: questions.slice(0, reviewDigestTitles).map((q) => q.title),
        unsubscribe_token: token,
      });
      return true;
    });
  }

  async preference(userId: string): Promise<ReviewEmailSetting> {
    const { rows } = await this.db.query<{ enabled: boolean }>('SELECT enabled FROM review_email_choices WHERE user_id = $1', [userId]);
    return { enabled: rows[0]?.enabled ?? false, chosen: rows.length > 0 };
  }

  async setPreference(userId: string, { enabled }: ReviewEmail): Promise<ReviewEmailSetting> {
    // A deleted account's access token works until it expires; it must not leave a row behind.
    if (await isErased(this.db, userId)) throw unauthorized('This account has been deleted');
    await this.choose(userId, enabled);
    return { enabled, chosen: true };
  }

  /** The mail's link or one-click unsubscribe: its token alone says whose e-mail to turn off. */
  async unsubscribe(token: string | undefined): Promise<ReviewEmailSetting> {
    const payload = token ? openToken([{ id: 0, key: await this.signingKey() }], tokenPurpose, token) : undefined;
    const userId = payload?.length === 16 ? uuidFromBytes(payload) : undefined;
    if (!userId || (await isErased(this.db, userId))) throw notFound(practiceApi.unsubscribeReviewEmail.notFound);
    await this.choose(userId, false);
    return { enabled: false, chosen: true };
  }

  /** The choice, announced in the same transaction: identity skips a digest queued before it was turned off. */
  private async choose(userId: string, enabled: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ chosen_at: Date }>(
        `INSERT INTO review_email_choices (user_id, enabled) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET enabled = $2, chosen_at = clock_timestamp() RETURNING chosen_at`,
        [userId, enabled],
      );
      await this.events.record(tx, 'practice.review_email.changed', { user_id: userId, enabled, changed_at: rows[0].chosen_at.toISOString() });
    });
  }

  /** The one key of every replica: the first to need it makes it. */
  private signingKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db.query('INSERT INTO review_digest_key (key) VALUES ($1) ON CONFLICT DO NOTHING', [randomBytes(32)]);
      const { rows } = await this.db.query<{ key: Buffer }>('SELECT key FROM review_digest_key');
      return rows[0].key;
    })().catch((err: Error) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }
}
