import { Inject, Injectable } from '@nestjs/common';
import { userMetadataSchema } from '@app/contracts';
import { SERVICE_CONFIG, TokenVerifier } from '@app/service-kit';
import { GoTrueError } from '../gotrue';
import type { IdentityConfig } from '../config';
import { AccountsRepository } from './accounts.repository';
import { Confirmations } from './confirmations';
import { checkEmail, checkPassword, isRecord } from './input';
import { hashPassword, passwordMatches } from './passwords';
import { PublicUser, toPublicUser } from './public-user';
import type { Caller } from './session-tokens';

/** GoTrue's /user and /logout: the signed-in user's own account, its e-mail, password and metadata, and signing out. */
@Injectable()
export class UserService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly confirmations: Confirmations,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
  ) {}

  async getUser(caller: Caller): Promise<PublicUser> {
    const user = await this.accounts.findUser(caller.userId);
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return toPublicUser(user, await this.accounts.pendingConfirmation(user.id));
  }

  /**
   * GoTrue's PUT /user. A new e-mail is only mailed a confirmation: it replaces the old one when
   * confirmed (until then the user shows it as `new_email`). A new password needs the current one
   * (`current_password`, as GoTrue's secure password change), except from a recovery's session; it
   * must differ from the old one, and it ends every other session and cancels a pending e-mail change.
   */
  async updateUser(
    caller: Caller,
    body: { email?: unknown; password?: unknown; current_password?: unknown; data?: unknown },
    redirectTo?: string,
  ): Promise<PublicUser> {
    const email = body.email !== undefined ? checkEmail(body.email) : undefined;
    const newPassword = body.password !== undefined ? checkPassword(body.password) : undefined;
    if (body.data !== undefined && !isRecord(body.data)) throw new GoTrueError(400, 'validation_failed', 'data must be an object');
    const current = await this.accounts.findUser(caller.userId);
    if (!current) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    // Metadata is merged key by key (jsonb ||): the bound holds for the result, not only for this change.
    const merged = userMetadataSchema.safeParse({ ...current.user_metadata, ...(body.data as Record<string, unknown> | undefined) });
    if (!merged.success) throw new GoTrueError(400, 'validation_failed', merged.error.issues[0].message);
    let passwordHash: string | undefined;
    if (newPassword !== undefined) {
      if (!caller.recovery) {
        if (typeof body.current_password !== 'string' || !body.current_password) {
          throw new GoTrueError(400, 'current_password_required', 'Current password required when setting new password.');
        }
        if (!(await passwordMatches(current.encrypted_password, body.current_password))) {
          throw new GoTrueError(400, 'current_password_mismatch', 'Current password is incorrect.');
        }
      }
      if (await passwordMatches(current.encrypted_password, newPassword)) {
        throw new GoTrueError(422, 'same_password', 'New password should be different from the old password.');
      }
      passwordHash = await hashPassword(newPassword);
    }
    return this.accounts.db.transaction(async (tx) => {
      const user = await this.accounts.updateUser(tx, caller.userId, { passwordHash, userMetadata: body.data as Record<string, unknown> | undefined });
      if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (passwordHash) {
        const ended = await this.accounts.revokeSessions(tx, { userId: user.id, exceptSessionId: caller.sessionId }, this.config.ACCESS_TOKEN_TTL_SECONDS);
        tx.afterCommit(() => this.verifier.endSessions(ended));
        await this.accounts.passwordChanged(tx, user.id, caller.sessionId);
      }
      if (email !== undefined && email !== user.email) {
        const owner = await this.accounts.findUserByEmail(email, tx);
        if (owner) throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
        await this.confirmations.send(tx, user.id, 'email_change', email, redirectTo);
      }
      return toPublicUser(user, await this.accounts.pendingConfirmation(user.id, tx));
    });
  }

  async logout(caller: Caller, scope: string): Promise<void> {
    if (!['global', 'local', 'others'].includes(scope)) {
      throw new GoTrueError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    await this.accounts.db.transaction(async (tx) => {
      const ended = await this.accounts.revokeSessions(
        tx,
        scope === 'local'
          ? { sessionId: caller.sessionId }
          : scope === 'others'
            ? { userId: caller.userId, exceptSessionId: caller.sessionId }
            : { userId: caller.userId },
        this.config.ACCESS_TOKEN_TTL_SECONDS,
      );
      // Every verifier hears of it now, not at its next poll of the list.
      tx.afterCommit(() => this.verifier.endSessions(ended));
    });
  }
}
