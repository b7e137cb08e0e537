import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { nameSkeleton, Profile, UpdateProfile } from '@app/contracts';
import { Database, holdAccountLock, isErased, Logger, rememberErased, Tx } from '@app/service-kit';
import { usernameCandidate } from './username';

const columns = `username, current_company_id, verified_company, years_of_experience, number_of_internships, location,
  to_char(interview_date, 'YYYY-MM-DD') AS interview_date,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

/** Candidate numbers tried per round trip: "jane" … "jane10", then up to "jane100", and so on. */
const candidateRanges: Array<[number, number]> = [
  [1, 10],
  [11, 100],
  [101, 1000],
  [1001, 10000],
];

const usernameIndexes = ['user_profiles_username_key', 'user_profiles_username_skeleton_key'];

export type ProfileChange = Required<Omit<UpdateProfile, 'verified_company'>> & { verified_company: boolean };

/** Thrown by `update` when another profile has the username (ignoring case) or one that looks the same (its skeleton). */
export class UsernameTaken extends Error {}

@Injectable()
export class ProfilesRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  async find(userId: string, tx?: Tx): Promise<Profile | undefined> {
    const { rows } = await (tx ?? this.db).query<Profile>(`SELECT ${columns} FROM user_profiles WHERE id = $1`, [userId]);
    return rows[0];
  }

  /**
   * The default profile, unless the user has one: username from the account's id (usernameCandidate),
   * made unique by a number suffix. Idempotent (INSERT … ON CONFLICT DO NOTHING): the sign-up event and a
   * first read may both call it, concurrently too; whichever commits first wins and the other
   * changes nothing. Returns true when this call created the profile.
   */
  async createDefault(tx: Tx, userId: string): Promise<boolean> {
    await holdAccountLock(tx, userId);
    if ((await this.exists(tx, userId)) || (await this.isErased(tx, userId))) return false;
    for (const [from, to] of candidateRanges) {
      const candidates = [...new Set(Array.from({ length: to - from + 1 }, (_, i) => usernameCandidate(userId, from + i)))];
      // A derived name is lower-case ASCII, its own skeleton: one lookup finds both kinds of clash.
      const { rows } = await tx.query<{ name: string }>(
        `SELECT lower(username) AS name FROM user_profiles WHERE lower(username) = ANY($1::text[])
         UNION SELECT username_skeleton FROM user_profiles WHERE username_skeleton = ANY($1::text[])`,
        [candidates],
      );
      const taken = new Set(rows.map((r) => r.name));
      for (const username of candidates) {
        if (taken.has(username)) continue;
        const created = await this.tryInsert(tx, userId, username);
        if (created !== undefined) return created;
      }
    }
    // Ten thousand taken: a random number instead.
    for (let i = 0; i < 20; i++) {
      const created = await this.tryInsert(tx, userId, usernameCandidate(userId, randomInt(10_001, 100_000_000)));
      if (created !== undefined) return created;
    }
    throw new Error('no free username found');
  }

  /** true: inserted; false: the user's profile appeared meanwhile; undefined: the name was just taken. */
  private async tryInsert(tx: Tx, userId: string, username: string): Promise<boolean | undefined> {
    // No conflict target: a clash on the id (the user's profile was made concurrently) or on the
    // username (someone took it a moment ago) both leave the transaction usable.
    const inserted = await tx.query('INSERT INTO user_profiles (id, username, username_skeleton) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      userId,
      username,
      nameSkeleton(username),
    ]);
    if (inserted.rowCount) return true;
    return (await this.exists(tx, userId)) ? false : undefined;
  }

  /** The account was deleted: its profile goes, and the id is remembered. */
  async erase(tx: Tx, userId: string): Promise<void> {
    await holdAccountLock(tx, userId);
    await tx.query('DELETE FROM user_profiles WHERE id = $1', [userId]);
    await rememberErased(tx, userId);
  }

  isErased(tx: Tx, userId: string): Promise<boolean> {
    return isErased(tx, userId);
  }

  private async exists(tx: Tx, userId: string): Promise<boolean> {
    const { rows } = await tx.query('SELECT 1 FROM user_profiles WHERE id = $1', [userId]);
    return rows.length > 0;
  }

  /** Replaces the editable fields of the user's own profile; the unique index decides username clashes. */
  async update(tx: Tx, userId: string, change: ProfileChange): Promise<Profile | undefined> {
    try {
      const { rows } = await tx.query<Profile>(
        `UPDATE user_profiles SET username = $2, username_skeleton = $8, current_company_id = $3, verified_company = $4, years_of_experience = $5,
           number_of_internships = $6, location = $7, updated_at = now()
         WHERE id = $1 RETURNING ${columns}`,
        [
          userId,
          change.username,
          change.current_company_id,
          change.verified_company,
          change.years_of_experience,
          change.number_of_internships,
          change.location,
          nameSkeleton(change.username),
        ],
      );
      return rows[0];
    } catch (err) {
      const pgError = err as { code?: string; constraint?: string };
      if (pgError.code === '23505' && usernameIndexes.includes(pgError.constraint ?? '')) throw new UsernameTaken();
      throw err;
    }
  }

  /** Sets the badge alone; the company it is for when it changed, undefined when it did not (or there is no profile). */
  async setVerified(tx: Tx, userId: string, verified: boolean): Promise<{ current_company_id: string | null } | undefined> {
    const { rows } = await tx.query<{ current_company_id: string | null }>(
      `UPDATE user_profiles SET verified_company = $2, updated_at = now() WHERE id = $1 AND verified_company IS DISTINCT FROM $2 RETURNING current_company_id`,
      [userId, verified],
    );
    return rows[0];
  }

  /** Sets or clears the interview day alone; the rest of the profile is untouched. */
  async setInterviewDate(tx: Tx, userId: string, day: string | null): Promise<Profile | undefined> {
    const { rows } = await tx.query<Profile>(`UPDATE user_profiles SET interview_date = $2, updated_at = now() WHERE id = $1 RETURNING ${columns}`, [
      userId,
      day,
    ]);
    return rows[0];
  }

  /**
   * Profiles made before usernames had skeletons (migration 0003) get theirs. Two old names that
   * look alike keep the first one's; the other stays without one until its owner renames (logged),
   * since renaming someone else's account is not ours to do. Runs in every replica: each row is
   * written once, whoever gets there first.
   */
  async fillSkeletons(logger: Logger): Promise<void> {
    for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
      const { rows } = await this.db.query<{ id: string; username: string }>(
        'SELECT id, username FROM user_profiles WHERE username_skeleton IS NULL AND id > $1 ORDER BY id LIMIT 500',
        [after],
      );
      if (rows.length === 0) return;
      for (const { id, username } of rows) {
        await this.db
          .query('UPDATE user_profiles SET username_skeleton = $2 WHERE id = $1 AND username_skeleton IS NULL', [id, nameSkeleton(username)])
          .catch((err: { code?: string }) => {
            if (err.code !== '23505') throw err;
            logger.warn({ user_id: id }, 'username looks like an older one: it stays until its owner renames');
          });
      }
      after = rows[rows.length - 1].id;
    }
  }
}
