import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EventBus, SERVICE_CONFIG, Tx } from '@app/service-kit';
import { MailOutbox } from '../mail/mail-outbox';
import type { IdentityConfig } from '../config';
import { AccountsRepository, ConfirmationRow, RecoveryRow, UserRow } from './accounts.repository';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const linkHash = (secret: string) => sha256(`link:${secret}`);
export const codeHash = (email: string, code: string) => sha256(`code:${email}:${code}`);
const newSecrets = () => ({ secret: randomBytes(32).toString('base64url'), code: String(randomInt(0, 1_000_000)).padStart(6, '0') });

/**
 * Proof of control of an address, for a confirmation or a password recovery: a link (GoTrue's
 * /verify?token=…&type=…) and a 6-digit code, mailed to the address; only their hashes are stored,
 * and only the latest pair of each kind works.
 */
@Injectable()
export class Confirmations {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly outbox: MailOutbox,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * The address is proven: it becomes the account's e-mail, counted as confirmed, and
   * identity.user.confirmed says so in the same transaction (profile checks the company badge again).
   */
  async confirmed(tx: Tx, userId: string, email: string): Promise<UserRow> {
    const user = await this.accounts.confirmEmail(tx, userId, email);
    await this.events.record(tx, 'identity.user.confirmed', {
      user_id: user.id,
      email_domain: user.email.includes('@') ? user.email.slice(user.email.lastIndexOf('@') + 1) : null,
      confirmed_at: new Date().toISOString(),
    });
    return user;
  }

  /** Records a new confirmation for `email` and queues its mail with it (the mail outbox): it is sent once the transaction commits. */
  async send(tx: Tx, userId: string, kind: ConfirmationRow['kind'], email: string, redirectTo?: string): Promise<void> {
    const { secret, code } = newSecrets();
    await this.accounts.saveConfirmation(tx, userId, kind, email, linkHash(secret), codeHash(email, code));
    const hours = Math.round(this.config.CONFIRMATION_TTL_SECONDS / 3600);
    const text = [
      kind === 'signup' ? 'Confirm that this e-mail address is yours:' : 'Confirm this new e-mail address for your ThunderPrep account:',
      '',
      this.link(secret, kind, redirectTo),
      '',
      `Or enter this code: ${code}`,
      '',
      `The link and the code work once, for ${hours} hours. Until then your company cannot show as Verified.`,
      'If you did not ask for this, ignore this message.',
    ].join('\n');
    const subject = kind === 'signup' ? 'Confirm your e-mail address' : 'Confirm your new e-mail address';
    // Keyed by the link: a retried transaction queues one mail, a resend (a new link) another.
    await this.outbox.queue(tx, [{ key: `${kind}:${linkHash(secret)}`, userId, kind, to: email, subject, text }]);
  }

  /**
   * Records a new password recovery for the account of `email`, if one has it, and queues its mail
   * with it. The same statement runs whether or not the account exists.
   */
  async sendRecovery(tx: Tx, email: string, redirectTo?: string): Promise<void> {
    const { secret, code } = newSecrets();
    const minutes = Math.round(this.config.RECOVERY_TTL_SECONDS / 60);
    const text = [
      'Someone asked to reset the password of your ThunderPrep account. To choose a new one, open:',
      '',
      this.link(secret, 'recovery', redirectTo),
      '',
      `Or enter this code: ${code}`,
      '',
      `The link and the code work once, for ${minutes} minutes. Setting a new password signs you out everywhere else.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n');
    await this.accounts.saveRecovery(tx, email, linkHash(secret), codeHash(email, code), { subject: 'Reset your password', text });
    this.outbox.wakeAfter(tx);
  }

  /** GoTrue's /verify link, on the public URL (configuration, never a request's Host). */
  private link(secret: string, type: string, redirectTo: string | undefined): string {
    const api = this.config.PUBLIC_URL ? `${this.config.PUBLIC_URL.replace(/\/$/, '')}/auth/v1` : this.config.AUTH_ISSUER.replace(/\/$/, '');
    const link = new URL(`${api}/verify`);
    link.searchParams.set('token', secret);
    link.searchParams.set('type', type);
    link.searchParams.set('redirect_to', this.redirectTarget(redirectTo));
    return link.toString();
  }

  isExpired(row: ConfirmationRow): boolean {
    return Date.now() - row.sent_at.getTime() > this.config.CONFIRMATION_TTL_SECONDS * 1000;
  }

  isRecoveryExpired(row: RecoveryRow): boolean {
    return Date.now() - row.sent_at.getTime() > this.config.RECOVERY_TTL_SECONDS * 1000;
  }

  /** Where a confirmed link lands: the caller's redirect_to when it stays on the site, else the site. */
  redirectTarget(redirectTo: string | undefined): string {
    const site = this.config.SITE_URL ?? `${new URL(this.config.PUBLIC_URL ?? this.config.AUTH_ISSUER).origin}/`;
    try {
      if (redirectTo && new URL(redirectTo).origin === new URL(site).origin) return redirectTo;
    } catch {
      // not a URL: the site it is
    }
    return site;
  }
}
