import { Inject, Injectable } from '@nestjs/common';
import type { Profile, UpdateProfile } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';
import { usernameCandidate } from './username';

const columns = `username, current_company_id, verified_company, years_of_experience, number_of_internships, location,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

@Injectable()
export class ProfilesRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /**
   * Creates the default profile unless the user has one. Both the sign-up event and a first read
   * call this, so whichever comes first wins and the other changes nothing.
   */
  async ensure(tx: Tx, userId: string, email: string): Promise<void> {
    const { rows } = await tx.query('SELECT 1 FROM user_profiles WHERE id = $1', [userId]);
    if (rows.length > 0) return;
    for (let attempt = 1; attempt <= 50; attempt++) {
      const username = attempt < 50 ? usernameCandidate(email, attempt) : usernameCandidate(`${userId.slice(0, 8)}@x`, 1);
      // Savepoint: a clash on the username must not abort the surrounding transaction.
      await tx.query('SAVEPOINT ensure_profile');
      const inserted = await tx.query('INSERT INTO user_profiles (id, username) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id', [userId, username]);
      await tx.query('RELEASE SAVEPOINT ensure_profile');
      if (inserted.rowCount) return;
      const { rows: mine } = await tx.query('SELECT 1 FROM user_profiles WHERE id = $1', [userId]);
      if (mine.length > 0) return;
    }
    throw new Error('could not find a free username');
  }

  async get(userId: string, tx?: Tx): Promise<Profile | undefined> {
    const { rows } = await (tx ?? this.db).query<Profile>(`SELECT ${columns} FROM user_profiles WHERE id = $1`, [userId]);
    return rows[0];
  }

  /** Returns undefined when the username belongs to someone else (case-insensitive). */
  async update(tx: Tx, userId: string, change: UpdateProfile & { verified_company: boolean }): Promise<Profile | 'username_taken'> {
    const taken = await tx.query('SELECT 1 FROM user_profiles WHERE lower(username) = lower($1) AND id <> $2', [change.username, userId]);
    if (taken.rows.length > 0) return 'username_taken';
    try {
      const { rows } = await tx.query<Profile>(
        `UPDATE user_profiles SET username = $2, current_company_id = $3, verified_company = $4, years_of_experience = $5,
           number_of_internships = $6, location = $7, updated_at = now()
         WHERE id = $1 RETURNING ${columns}`,
        [
          userId,
          change.username,
          change.current_company_id ?? null,
          change.verified_company,
          change.years_of_experience ?? null,
          change.number_of_internships ?? null,
          change.location ?? null,
        ],
      );
      return rows[0];
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return 'username_taken';
      throw err;
    }
  }
}
