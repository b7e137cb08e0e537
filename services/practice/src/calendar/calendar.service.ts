import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { calendarFeedDays, defaultTimeZone, endpointPath, EventData, practiceApi } from '@app/contracts';
import type { AuthUser, CalendarFeed } from '@app/contracts';
import { Database, isErased, notFound, Tx, unauthorized } from '@app/service-kit';
import { ReviewSessionRepository } from '../review-session/review-session.repository';
import { AllDayEvent, calendar } from './ics';

const hashOf = (token: string) => createHash('sha256').update(token).digest();
/** Titles listed in one day's event; the rest are counted. */
const TITLES_LISTED = 20;

@Injectable()
export class CalendarService {
  constructor(
    @Inject(Database) private readonly db: Database,
    private readonly queues: ReviewSessionRepository,
  ) {}

  async status(user: AuthUser): Promise<{ active: boolean; created_at: string | null }> {
    const { rows } = await this.db.query<{ created_at: Date }>('SELECT created_at FROM calendar_feeds WHERE user_id = $1', [user.id]);
    return { active: rows.length > 0, created_at: rows[0]?.created_at.toISOString() ?? null };
  }

  /** A new unguessable token (256 bits) replaces the caller's previous one, which stops working at once. */
  async create(user: AuthUser): Promise<CalendarFeed> {
    if (await isErased(this.db, user.id)) throw unauthorized('This account has been deleted');
    const token = randomBytes(32).toString('base64url');
    const { rows } = await this.db.query<{ created_at: Date }>(
      `INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = clock_timestamp()
       RETURNING created_at`,
      [user.id, hashOf(token)],
    );
    return { path: endpointPath(practiceApi.calendarFeed, { token }), created_at: rows[0].created_at.toISOString() };
  }

  async revoke(user: AuthUser): Promise<void> {
    await this.db.query('DELETE FROM calendar_feeds WHERE user_id = $1', [user.id]);
  }

  /**
   * The feed of a token: each day of the next 60 (in its candidate's time zone, else UTC) with
   * reviews due, and the interview day. Today counts as the review session does (overdue and
   * never-reviewed problems included, with the share the daily limits leave for today); later days
   * by due date. 404 for an unknown or replaced token.
   */
  async feed(token: string, now: Date = new Date()): Promise<string> {
    const { rows: feeds } = await this.db.query<{ user_id: string; time_zone: string; interview_date: string | null }>(
      `SELECT f.user_id, COALESCE(z.time_zone, $2) AS time_zone, to_char(i.interview_date, 'YYYY-MM-DD') AS interview_date
       FROM calendar_feeds f LEFT JOIN time_zones z ON z.user_id = f.user_id LEFT JOIN interview_dates i ON i.user_id = f.user_id
       WHERE f.token_hash = $1`,
      [hashOf(token), defaultTimeZone],
    );
    const feed = feeds[0];
    if (!feed) throw notFound(practiceApi.calendarFeed.notFound);
    // Today is the review session's: the problems due (never-reviewed ones included) and the share of them the daily limits leave for today.
    const queue = await this.queues.dueQueue(feed.user_id, feed.time_zone);
    const due = queue.questions.length + queue.held_back;
    const events: AllDayEvent[] = [];
    if (due > 0) {
      const titles = queue.questions.slice(0, TITLES_LISTED).map((q) => q.title);
      const more = queue.questions.length - titles.length;
      events.push({
        uid: `due-${queue.today}-${feed.user_id}@thunderprep`,
        day: queue.today,
        summary: queue.held_back > 0 ? `Review ${queue.questions.length} of ${due} problems due` : `Review ${due} problem${due === 1 ? '' : 's'}`,
        description: [
          ...titles,
          ...(more > 0 ? [`and ${more} more`] : []),
          ...(queue.held_back > 0 ? [`${queue.held_back} more wait beyond your daily limits (Problem Review, Daily limits)`] : []),
        ].join('\n'),
      });
    }
    // Later days: problems seen before, by the day they fall due.
    const { rows: days } = await this.db.query<{ day: string; titles: string[]; problems: number }>(
      `WITH today AS (SELECT ($3::timestamptz AT TIME ZONE $2)::date AS d)
       SELECT to_char((due_at AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day,
              (array_agg(title ORDER BY due_at, id))[1:$5] AS titles, count(*)::int AS problems
       FROM leetcode_questions, today
       WHERE user_id = $1 AND session_count > 0 AND due_at >= ((today.d + 1)::timestamp AT TIME ZONE $2)
         AND due_at < ((today.d + $4::int)::timestamp AT TIME ZONE $2)
       GROUP BY 1 ORDER BY 1`,
      [feed.user_id, feed.time_zone, now, calendarFeedDays, TITLES_LISTED],
    );
    for (const { day, titles, problems } of days) {
      events.push({
        uid: `due-${day}-${feed.user_id}@thunderprep`,
        day,
        summary: `Review ${problems} problem${problems === 1 ? '' : 's'}`,
        description: [...titles, ...(problems > titles.length ? [`and ${problems - titles.length} more`] : [])].join('\n'),
      });
    }
    if (feed.interview_date) events.push({ uid: `interview-${feed.user_id}@thunderprep`, day: feed.interview_date, summary: 'Interview day' });
    return calendar('Problem Review', events, now);
  }

  /** profile.interview_date.set: the copy follows the latest change; an older or repeated event changes nothing. */
  async onInterviewDateSet(tx: Tx, event: EventData<'profile.interview_date.set'>): Promise<void> {
    if (await isErased(tx, event.user_id)) return;
    await tx.query(
      `INSERT INTO interview_dates (user_id, interview_date, set_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET interview_date = EXCLUDED.interview_date, set_at = EXCLUDED.set_at
       WHERE interview_dates.set_at < EXCLUDED.set_at`,
      [event.user_id, event.interview_date, event.set_at],
    );
  }
}
