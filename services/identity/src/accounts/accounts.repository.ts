import { Inject, Injectable } from '@nestjs/common';
import { Database, Tx } from '@app/service-kit';

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface RefreshTokenRow {
  token_hash: string;
  session_id: string;
  parent_hash: string | null;
  revoked_at: Date | null;
  created_at: Date;
  user_id: string;
  session_revoked_at: Date | null;
}

const userColumns = 'id, email, encrypted_password, email_confirmed_at, user_metadata, app_metadata, last_sign_in_at, created_at, updated_at';

/** Users, sessions and refresh tokens: the only SQL of the identity service. */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** Inserts the user, or returns undefined when the e-mail is taken (any case). */
  async insertUser(tx: Tx, email: string, passwordHash: string, userMetadata: Record<string, unknown>): Promise<UserRow | undefined> {
    const { rows } = await tx.query<UserRow>(
      `INSERT INTO users (email, encrypted_password, email_confirmed_at, user_metadata, app_metadata, last_sign_in_at)
       VALUES ($1, $2, now(), $3, $4, now())
       ON CONFLICT ((lower(email))) DO NOTHING
       RETURNING ${userColumns}`,
      [email, passwordHash, userMetadata, { provider: 'email', providers: ['email'] }],
    );
    return rows[0];
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const { rows } = await this.db.query<UserRow>(`SELECT ${userColumns} FROM users WHERE lower(email) = lower($1)`, [email]);
    return rows[0];
  }

  async findUser(id: string, tx?: Tx): Promise<UserRow | undefined> {
    const { rows } = await (tx ?? this.db).query<UserRow>(`SELECT ${userColumns} FROM users WHERE id = $1`, [id]);
    return rows[0];
  }

  async touchSignIn(tx: Tx, userId: string): Promise<void> {
    await tx.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [userId]);
  }

  async updateUser(
    tx: Tx,
    id: string,
    change: { email?: string; passwordHash?: string; userMetadata?: Record<string, unknown> },
  ): Promise<UserRow | undefined> {
    const { rows } = await tx.query<UserRow>(
      `UPDATE users SET
         email = COALESCE($2, email),
         encrypted_password = COALESCE($3, encrypted_password),
         user_metadata = user_metadata || COALESCE($4::jsonb, '{}'::jsonb),
         updated_at = now()
       WHERE id = $1
       RETURNING ${userColumns}`,
      [id, change.email ?? null, change.passwordHash ?? null, change.userMetadata ?? null],
    );
    return rows[0];
  }

  async setRole(email: string, role: string | null): Promise<UserRow | undefined> {
    const { rows } = await this.db.query<UserRow>(
      `UPDATE users SET
         app_metadata = CASE WHEN $2::text IS NULL THEN app_metadata - 'role' ELSE app_metadata || jsonb_build_object('role', $2::text) END,
         updated_at = now()
       WHERE lower(email) = lower($1)
       RETURNING ${userColumns}`,
      [email, role],
    );
    return rows[0];
  }

  /** Deletes an account (its sessions and refresh tokens go with it); its id, or undefined when none has that e-mail. */
  async deleteByEmail(tx: Tx, email: string): Promise<string | undefined> {
    const { rows } = await tx.query<{ id: string }>('DELETE FROM users WHERE lower(email) = lower($1) RETURNING id', [email]);
    return rows[0]?.id;
  }

  async createSession(tx: Tx, userId: string): Promise<string> {
    const { rows } = await tx.query<{ id: string }>('INSERT INTO sessions (user_id) VALUES ($1) RETURNING id', [userId]);
    return rows[0].id;
  }

  async isSessionActive(sessionId: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM sessions WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
    return rows.length > 0;
  }

  async insertRefreshToken(tx: Tx, tokenHash: string, sessionId: string, parentHash: string | null): Promise<void> {
    await tx.query('INSERT INTO refresh_tokens (token_hash, session_id, parent_hash) VALUES ($1, $2, $3)', [tokenHash, sessionId, parentHash]);
  }

  /** Locks the token's row so two concurrent refreshes cannot both rotate it. */
  async lockRefreshToken(tx: Tx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const { rows } = await tx.query<RefreshTokenRow>(
      `SELECT t.token_hash, t.session_id, t.parent_hash, t.revoked_at, t.created_at, s.user_id, s.revoked_at AS session_revoked_at
       FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
       WHERE t.token_hash = $1
       FOR UPDATE OF t`,
      [tokenHash],
    );
    return rows[0];
  }

  /** The live child of a rotated token, when the rotation was the session's latest. */
  async activeChild(tx: Tx, parentHash: string): Promise<{ token_hash: string } | undefined> {
    const { rows } = await tx.query<{ token_hash: string }>(
      'SELECT token_hash FROM refresh_tokens WHERE parent_hash = $1 AND revoked_at IS NULL',
      [parentHash],
    );
    return rows[0];
  }

  async revokeRefreshToken(tx: Tx, tokenHash: string): Promise<void> {
    await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE token_hash = $1', [tokenHash]);
  }

  async revokeSessions(tx: Tx, where: { sessionId?: string; userId?: string; exceptSessionId?: string }): Promise<void> {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE sessions SET revoked_at = now()
       WHERE revoked_at IS NULL
         AND ($1::uuid IS NULL OR id = $1)
         AND ($2::uuid IS NULL OR user_id = $2)
         AND ($3::uuid IS NULL OR id <> $3)
       RETURNING id`,
      [where.sessionId ?? null, where.userId ?? null, where.exceptSessionId ?? null],
    );
    if (rows.length > 0) {
      await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE session_id = ANY($1::uuid[]) AND revoked_at IS NULL', [rows.map((r) => r.id)]);
    }
  }
}
