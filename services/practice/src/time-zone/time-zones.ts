import { Inject, Injectable } from '@nestjs/common';
import { defaultTimeZone, timeZoneMessage } from '@app/contracts';
import type { TimeZoneSetting } from '@app/contracts';
import { Database, isErased, unauthorized, validationFailed } from '@app/service-kit';

/** Postgres's answer to a time zone it does not know. */
const INVALID_PARAMETER_VALUE = '22023';

/**
 * The candidate's one time zone (time_zones): every "today" of theirs is this zone's, the due queue's,
 * the analytics', the calendar feed's and the daily review e-mail's.
 */
@Injectable()
export class TimeZones {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** The zone their days are in: the stored one, else UTC. */
  async of(userId: string): Promise<string> {
    return (await this.setting(userId)).time_zone ?? defaultTimeZone;
  }

  async setting(userId: string): Promise<TimeZoneSetting> {
    const { rows } = await this.db.query<{ time_zone: string }>('SELECT time_zone FROM time_zones WHERE user_id = $1', [userId]);
    return { time_zone: rows[0]?.time_zone ?? null };
  }

  async set(userId: string, timeZone: string): Promise<{ time_zone: string }> {
    // A deleted account's access token works until it expires; it must not leave a row behind.
    if (await isErased(this.db, userId)) throw unauthorized('This account has been deleted');
    try {
      // Intl (the contract's check) and Postgres have zone databases of their own: a zone Postgres does not
      // know would fail every query of the candidate's days, and the digest job's pass for everyone.
      const { rows } = await this.db.query<{ time_zone: string }>(
        `INSERT INTO time_zones (user_id, time_zone) SELECT $1, $2 WHERE (now() AT TIME ZONE $2) IS NOT NULL
         ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, updated_at = clock_timestamp()
         RETURNING time_zone`,
        [userId, timeZone],
      );
      return rows[0];
    } catch (err) {
      if ((err as { code?: string }).code === INVALID_PARAMETER_VALUE) throw validationFailed({ time_zone: timeZoneMessage });
      throw err;
    }
  }
}
