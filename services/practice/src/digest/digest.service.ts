import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { defaultTimeZone, practiceApi, reviewDigestTitles } from '@app/contracts';
import type { ReviewEmail } from '@app/contracts';
import { Database, EventBus, isErased, notFound, SERVICE_CONFIG, unauthorized } from '@app/service-kit';
import type { PracticeConfig } from '../config';
import { ReviewSessionRepository } from '../review-session/review-session.repository';
import { digestDay } from './digest-day';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

/**
 * The daily e-mail of reviews due: which users' day has come, what is due for them (the due queue's
 * rule), and whether they turned it off. Identity, which knows whether the address is confirmed,
 * sends it from practice.review_digest.due.
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
       WHERE NOT EXISTS (SELECT 1 FROM review_email_optouts o WHERE o.user_id = u.user_id)
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

  /** Claims the user's day (a replica that claimed it first wins) and records the digest with the claim, if anything is due. */
  private async digest(userId: string, timeZone: string, day: string): Promise<boolean> {
    const { questions } = await this.queues.dueQueue(userId, timeZone);
    const token = signUnsubscribeToken(await this.signingKey(), userId);
    return this.db.transaction(async (tx) => {
      const { rowCount } = await tx.query('INSERT INTO review_digests (user_id, day, due_count) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        userId,
        day,
        questions.length,
      ]);
      if (!rowCount || questions.length === 0) return false;
      await this.events.record(tx, 'practice.review_digest.due', {
        user_id: userId,
        date: day,
        due_count: questions.length,
        titles: questions.slice(0, reviewDigestTitles).map((q) => q.title),
        unsubscribe_token: token,
      });
      return true;
    });
  }

  async preference(userId: string): Promise<ReviewEmail> {
    const { rowCount } = await this.db.query('SELECT 1 FROM review_email_optouts WHERE user_id = $1', [userId]);
    return { enabled: !rowCount };
  }

  async setPreference(userId: string, { enabled }: ReviewEmail): Promise<ReviewEmail> {
    if (enabled) await this.db.query('DELETE FROM review_email_optouts WHERE user_id = $1', [userId]);
    else {
      // A deleted account's access token works until it expires; it must not leave a row behind.
      if (await isErased(this.db, userId)) throw unauthorized('This account has been deleted');
      await this.optOut(userId);
    }
    return { enabled };
  }

  /** The mail's link: its token alone says whose e-mail to turn off. */
  async unsubscribe(token: string): Promise<ReviewEmail> {
    const userId = verifyUnsubscribeToken(await this.signingKey(), token);
    if (!userId || (await isErased(this.db, userId))) throw notFound(practiceApi.unsubscribeReviewEmail.notFound);
    await this.optOut(userId);
    return { enabled: false };
  }

  private async optOut(userId: string): Promise<void> {
    await this.db.query('INSERT INTO review_email_optouts (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
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
