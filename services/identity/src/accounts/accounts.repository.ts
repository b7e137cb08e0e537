import { Inject, Injectable } from '@nestjs/common';
import { Database, EndedSession, Tx } from '@app/service-kit';
import { normalizeEmail } from './email';

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

export interface RecoveryRow {
  user_id: string;
  email: string;
  code_hash: string;
  sent_at: Date;
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

export interface ConfirmationRow {
  user_id: string;
  kind: 'signup' | 'email_change';
  email: string;
  code_hash: string;
  sent_at: Date;
}

const userColumns = 'id, email, encrypted_password, email_confirmed_at, user_metadata, app_metadata, last_sign_in_at, created_at, updated_at';
const confirmationColumns = 'user_id, kind, email, code_hash, sent_at';

/** Users, sessions and refresh tokens: the only SQL of the identity service. */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** Inserts the user, unconfirmed, or returns undefined when the e-mail is taken. `email` is normalised. */
  async insertUser(tx: Tx, email: string, passwordHash: string, userMetadata: Record<string, unknown>): Promise<UserRow | undefined> {
    const { rows } = await tx.query<UserRow>(
      `INSERT INTO users (email, encrypted_password, user_metadata, app_metadata, last_sign_in_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT ((lower(email))) DO NOTHING
       RETURNING ${userColumns}`,
      [email, passwordHash, userMetadata, { provider: 'email', providers: ['email'] }],
    );
    return rows[0];
  }

  /** `email` is normalised (normalizeEmail); the index on lower(email) serves the lookup. */
  async findUserByEmail(email: string, tx?: Tx): Promise<UserRow | undefined> {
    const { rows } = await (tx ?? this.db).query<UserRow>(`SELECT ${userColumns} FROM users WHERE lower(email) = $1`, [email]);
    return rows[0];
  }

  async findUser(id: string, tx?: Tx): Promise<UserRow | undefined> {
    const { rows } = await (tx ?? this.db).query<UserRow>(`SELECT ${userColumns} FROM users WHERE id = $1`, [id]);
    return rows[0];
  }

  async touchSignIn(tx: Tx, userId: string): Promise<void> {
    await tx.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [userId]);
  }

  async updateUser(tx: Tx, id: string, change: { passwordHash?: string; userMetadata?: Record<string, unknown> }): Promise<UserRow | undefined> {
    const { rows } = await tx.query<UserRow>(
      `UPDATE users SET
         encrypted_password = COALESCE($2, encrypted_password),
         user_metadata = user_metadata || COALESCE($3::jsonb, '{}'::jsonb),
         updated_at = now()
       WHERE id = $1
       RETURNING ${userColumns}`,
      [id, change.passwordHash ?? null, change.userMetadata ?? null],
    );
    return rows[0];
  }

  /** The address is proven: it becomes the account's e-mail (a no-op for a sign-up) and counts as confirmed. */
  async confirmEmail(tx: Tx, id: string, email: string): Promise<UserRow> {
    const { rows } = await tx.query<UserRow>(
      `UPDATE users SET email = $2, email_confirmed_at = now(), updated_at = now() WHERE id = $1 RETURNING ${userColumns}`,
      [id, email],
    );
    return rows[0];
  }

  /** Replaces the user's pending confirmation (only the latest link and code work). */
  async saveConfirmation(tx: Tx, userId: string, kind: ConfirmationRow['kind'], email: string, linkHash: string, codeHash: string): Promise<void> {
    await tx.query(
      `INSERT INTO email_confirmations (user_id, kind, email, link_hash, code_hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET kind = $2, email = $3, link_hash = $4, code_hash = $5, sent_at = now()`,
      [userId, kind, email, linkHash, codeHash],
    );
  }

  async pendingConfirmation(userId: string, tx?: Tx): Promise<ConfirmationRow | undefined> {
    const { rows } = await (tx ?? this.db).query<ConfirmationRow>(`SELECT ${confirmationColumns} FROM email_confirmations WHERE user_id = $1`, [userId]);
    return rows[0];
  }

  /** Locks the confirmation a link's secret belongs to, so it is used once. */
  async lockConfirmationByLink(tx: Tx, linkHash: string): Promise<ConfirmationRow | undefined> {
    const { rows } = await tx.query<ConfirmationRow>(`SELECT ${confirmationColumns} FROM email_confirmations WHERE link_hash = $1 FOR UPDATE`, [linkHash]);
    return rows[0];
  }

  /** Locks the user's pending confirmation when it was sent to `email` (a code is checked against it). */
  async lockConfirmationFor(tx: Tx, userId: string, email: string): Promise<ConfirmationRow | undefined> {
    const { rows } = await tx.query<ConfirmationRow>(`SELECT ${confirmationColumns} FROM email_confirmations WHERE user_id = $1 AND email = $2 FOR UPDATE`, [
      userId,
      email,
    ]);
    return rows[0];
  }

  async deleteConfirmation(tx: Tx, userId: string): Promise<void> {
    await tx.query('DELETE FROM email_confirmations WHERE user_id = $1', [userId]);
  }

  /** The user whose pending e-mail change (or sign-up) is `email`, to find a code's account. */
  async findUserByPendingEmail(email: string, tx?: Tx): Promise<UserRow | undefined> {
    const { rows } = await (tx ?? this.db).query<UserRow>(
      `SELECT ${userColumns
        .split(', ')
        .map((c) => `u.${c}`)
        .join(', ')}
       FROM email_confirmations c JOIN users u ON u.id = c.user_id WHERE c.email = $1 LIMIT 1`,
      [email],
    );
    return rows[0];
  }

  async setRole(email: string, role: string | null): Promise<UserRow | undefined> {
    const { rows } = await this.db.query<UserRow>(
      `UPDATE users SET
         app_metadata = CASE WHEN $2::text IS NULL THEN app_metadata - 'role' ELSE app_metadata || jsonb_build_object('role', $2::text) END,
         updated_at = now()
       WHERE lower(email) = $1
       RETURNING ${userColumns}`,
      [normalizeEmail(email), role],
    );
    return rows[0];
  }

  /**
   * Deletes an account (its sessions and refresh tokens go with it, its live sessions onto the
   * revocation list first); its id, or undefined when none has that e-mail.
   */
  async deleteByEmail(tx: Tx, email: string, tokenTtlSeconds: number): Promise<string | undefined> {
    const user = await this.findUserByEmail(email, tx);
    if (!user) return undefined;
    await this.revokeSessions(tx, { userId: user.id }, tokenTtlSeconds);
    await tx.query('DELETE FROM users WHERE id = $1', [user.id]);
    return user.id;
  }

  /**
   * Replaces the recovery of the account whose e-mail is `email` (normalised), if there is one: one
   * statement either way, so an unknown e-mail costs what a known one does. The account's id, or undefined.
   */
  async saveRecovery(tx: Tx, email: string, linkHash: string, codeHash: string, mail: { subject: string; text: string }): Promise<string | undefined> {
    // The recovery and its mail (the mail outbox) in one statement, which only an account's row lets write.
    const { rows } = await tx.query<{ user_id: string }>(
      `WITH recovery AS (
         INSERT INTO password_recoveries (user_id, link_hash, code_hash)
         SELECT id, $2, $3 FROM users WHERE lower(email) = $1
         ON CONFLICT (user_id) DO UPDATE SET link_hash = $2, code_hash = $3, sent_at = now()
         RETURNING user_id)
       INSERT INTO mail_outbox (idempotency_key, user_id, kind, recipient, subject, body)
       SELECT 'recovery:' || $2, user_id, 'recovery', $1, $4, $5 FROM recovery
       RETURNING user_id`,
      [email, linkHash, codeHash, mail.subject, mail.text],
    );
    return rows[0]?.user_id;
  }

  /** Locks the recovery a link's secret belongs to, so it is used once. */
  async lockRecoveryByLink(tx: Tx, linkHash: string): Promise<RecoveryRow | undefined> {
    const { rows } = await tx.query<RecoveryRow>(
      `SELECT r.user_id, u.email, r.code_hash, r.sent_at FROM password_recoveries r JOIN users u ON u.id = r.user_id
       WHERE r.link_hash = $1 FOR UPDATE OF r`,
      [linkHash],
    );
    return rows[0];
  }

  /** Locks the recovery of the account whose e-mail is `email` (normalised), to check a code against it. */
  async lockRecoveryFor(tx: Tx, email: string): Promise<RecoveryRow | undefined> {
    const { rows } = await tx.query<RecoveryRow>(
      `SELECT r.user_id, u.email, r.code_hash, r.sent_at FROM password_recoveries r JOIN users u ON u.id = r.user_id
       WHERE lower(u.email) = $1 FOR UPDATE OF r`,
      [email],
    );
    return rows[0];
  }

  /**
   * The password changed: its recovery is used up, and a pending e-mail change (perhaps asked for by
   * whoever had the account before) is cancelled, as GoTrue clears every one-time token.
   */
  async passwordChanged(tx: Tx, userId: string, sessionId: string): Promise<void> {
    await tx.query('DELETE FROM password_recoveries WHERE user_id = $1', [userId]);
    await tx.query(`DELETE FROM email_confirmations WHERE user_id = $1 AND kind = 'email_change'`, [userId]);
    await tx.query('UPDATE sessions SET recovery = false WHERE id = $1', [sessionId]);
  }

  async deleteRecovery(tx: Tx, userId: string): Promise<void> {
    await tx.query('DELETE FROM password_recoveries WHERE user_id = $1', [userId]);
  }

  /** `recovery`: opened by a password recovery, so it may set a new password without the current one. */
  async createSession(tx: Tx, userId: string, recovery = false): Promise<string> {
    const { rows } = await tx.query<{ id: string }>('INSERT INTO sessions (user_id, recovery) VALUES ($1, $2) RETURNING id', [userId, recovery]);
    return rows[0].id;
  }

  /** A live session's state, or undefined when it ended. */
  async activeSession(sessionId: string): Promise<{ recovery: boolean } | undefined> {
    const { rows } = await this.db.query<{ recovery: boolean }>('SELECT recovery FROM sessions WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
    return rows[0];
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
    const { rows } = await tx.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens WHERE parent_hash = $1 AND revoked_at IS NULL', [
      parentHash,
    ]);
    return rows[0];
  }

  async revokeRefreshToken(tx: Tx, tokenHash: string): Promise<void> {
    await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE token_hash = $1', [tokenHash]);
  }

  /**
   * Ends sessions: their refresh tokens stop at once, and their access tokens go onto the
   * revocation list until the last one issued has surely expired (revoked_at + the token TTL).
   * The sessions ended, for the verifiers to hear of once this commits (TokenVerifier.endSessions).
   */
  async revokeSessions(tx: Tx, where: { sessionId?: string; userId?: string; exceptSessionId?: string }, tokenTtlSeconds: number): Promise<EndedSession[]> {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE sessions SET revoked_at = now()
       WHERE revoked_at IS NULL
         AND ($1::uuid IS NULL OR id = $1)
         AND ($2::uuid IS NULL OR user_id = $2)
         AND ($3::uuid IS NULL OR id <> $3)
       RETURNING id`,
      [where.sessionId ?? null, where.userId ?? null, where.exceptSessionId ?? null],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE session_id = ANY($1::uuid[]) AND revoked_at IS NULL', [ids]);
    const ended = await tx.query<{ session_id: string; expires_at: string }>(
      `INSERT INTO session_revocations (session_id, expires_at)
       SELECT id, now() + make_interval(secs => $2) FROM unnest($1::uuid[]) AS id
       ON CONFLICT (session_id) DO NOTHING
       RETURNING session_id, extract(epoch FROM expires_at)::bigint AS expires_at`,
      [ids, tokenTtlSeconds],
    );
    return ended.rows.map((r) => ({ session_id: r.session_id, expires_at: Number(r.expires_at) }));
  }

  /**
   * Sessions revoked after `since` (minus a margin for a transaction that committed after a later
   * one was read, and for clocks apart) whose tokens may still be alive.
   */
  async revocationsSince(since: Date | undefined): Promise<Array<{ session_id: string; expires_at: number }>> {
    const { rows } = await this.db.query<{ session_id: string; expires_at: string }>(
      `SELECT session_id, extract(epoch FROM expires_at)::bigint AS expires_at
       FROM session_revocations
       WHERE expires_at > now() AND ($1::timestamptz IS NULL OR revoked_at > $1::timestamptz - interval '30 seconds')`,
      [since ?? null],
    );
    return rows.map((r) => ({ session_id: r.session_id, expires_at: Number(r.expires_at) }));
  }

  async forgetExpiredRevocations(): Promise<void> {
    await this.db.query('DELETE FROM session_revocations WHERE expires_at < now()');
  }
}
