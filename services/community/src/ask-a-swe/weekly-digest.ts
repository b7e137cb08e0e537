import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { askDigest, clipNotificationText, EventData, notificationTitleMax } from '@app/contracts';
import { Database, EventBus, JobRunner } from '@app/service-kit';

/** How often the job looks for members whose digest of this week is still to go: within an hour of Monday 00:00 UTC. */
const checkEveryMs = 60 * 60 * 1000;
/** Members handled per transaction: a large week commits in steps, each step's rows with its events. */
const membersPerStep = 200;
/** The bell's Ask a SWE notifications: every one links to a question (questionLink). */
const askLinks = '/ask-a-swe/%';

/** The Monday (UTC) of `at`'s week, as yyyy-mm-dd. */
export function weekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * Ask a SWE's weekly digest (issue 37 item 5): the bell already carries each new answer, acceptance,
 * comment and question in what a member follows; once a week, what of it they left unread goes out
 * as one mail instead of a mail per post. Community knows the notifications and records one
 * `community.ask_digest.due` per member and week with the row that marks it sent; identity holds the
 * addresses and the e-mail choices, and mails it.
 */
@Injectable()
export class AskWeeklyDigest implements OnModuleInit {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(JobRunner) private readonly jobs: JobRunner,
  ) {}

  onModuleInit(): void {
    this.jobs.define({ name: 'ask-a-swe-weekly-digest', everyMs: checkEveryMs, run: () => this.send() });
  }

  /** One run: records this week's digest for every member with unread updates who has none yet; answers how many. */
  async send(now = new Date()): Promise<number> {
    const week = weekOf(now);
    const since = new Date(now.getTime() - askDigest.days * 86_400_000);
    let sent = 0;
    for (;;) {
      const step = await this.db.transaction(async (tx) => {
        // Claimed and counted at once: a member another replica or run claimed for this week is skipped.
        const { rows: members } = await tx.query<{ user_id: string; total: number }>(
          `INSERT INTO ask_digests (user_id, week, total)
           SELECT n.user_id, $1::date, count(*)::int FROM notifications n
            WHERE n.read_at IS NULL AND n.link LIKE $2 AND n.created_at > $3::timestamptz AND n.created_at <= $4::timestamptz
              AND NOT EXISTS (SELECT 1 FROM ask_digests d WHERE d.user_id = n.user_id AND d.week = $1::date)
            GROUP BY n.user_id ORDER BY n.user_id LIMIT $5
           ON CONFLICT DO NOTHING RETURNING user_id, total`,
          [week, askLinks, since, now, membersPerStep],
        );
        if (members.length === 0) return 0;
        const { rows: items } = await tx.query<{ user_id: string; title: string; link: string }>(
          `SELECT m.user_id, latest.title, latest.link FROM unnest($1::uuid[]) AS m (user_id)
           CROSS JOIN LATERAL (
             SELECT n.title, n.link FROM notifications n
              WHERE n.user_id = m.user_id AND n.read_at IS NULL AND n.link LIKE $2 AND n.created_at > $3::timestamptz AND n.created_at <= $4::timestamptz
              ORDER BY n.created_at DESC, n.id DESC LIMIT $5) latest`,
          [members.map((m) => m.user_id), askLinks, since, now, askDigest.items],
        );
        const digests: EventData<'community.ask_digest.due'>[] = members.map(({ user_id, total }) => ({
          user_id,
          week,
          total,
          items: items
            .filter((item) => item.user_id === user_id)
            .map(({ title, link }) => ({ title: clipNotificationText(title, notificationTitleMax), link })),
        }));
        await this.events.recordAll(tx, 'community.ask_digest.due', digests);
        return members.length;
      });
      sent += step;
      if (step < membersPerStep) return sent;
    }
  }
}
