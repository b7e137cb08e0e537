import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Logger, SERVICE_CONFIG, Tx } from '@app/service-kit';
import { Mailer } from '../mail/mailer';
import type { IdentityConfig } from '../config';
import { AccountsRepository, ConfirmationRow } from './accounts.repository';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const linkHash = (secret: string) => sha256(`link:${secret}`);
export const codeHash = (email: string, code: string) => sha256(`code:${email}:${code}`);

/**
 * Proof of control of an address: a link (GoTrue's /verify?token=…&type=…) and a 6-digit code,
 * mailed to the address; only their hashes are stored, and only the latest pair works.
 */
@Injectable()
export class Confirmations {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Records a new confirmation for `email` and mails it once the transaction commits. */
  async send(tx: Tx, userId: string, kind: ConfirmationRow['kind'], email: string, redirectTo?: string): Promise<void> {
    const secret = randomBytes(32).toString('base64url');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.accounts.saveConfirmation(tx, userId, kind, email, linkHash(secret), codeHash(email, code));
    const link = new URL(`${this.config.AUTH_ISSUER.replace(/\/$/, '')}/verify`);
    link.searchParams.set('token', secret);
    link.searchParams.set('type', kind);
    link.searchParams.set('redirect_to', this.redirectTarget(redirectTo));
    const hours = Math.round(this.config.CONFIRMATION_TTL_SECONDS / 3600);
    const text = [
      kind === 'signup' ? 'Confirm that this e-mail address is yours:' : 'Confirm this new e-mail address for your ThunderPrep account:',
      '',
      link.toString(),
      '',
      `Or enter this code: ${code}`,
      '',
      `The link and the code work once, for ${hours} hours. Until then your company cannot show as Verified.`,
      'If you did not ask for this, ignore this message.',
    ].join('\n');
    const subject = kind === 'signup' ? 'Confirm your e-mail address' : 'Confirm your new e-mail address';
    tx.afterCommit(() => {
      this.mailer.send({ to: email, subject, text }).catch((err: Error) => this.logger.error({ err: err.message, kind }, 'confirmation mail not sent'));
    });
  }

  isExpired(row: ConfirmationRow): boolean {
    return Date.now() - row.sent_at.getTime() > this.config.CONFIRMATION_TTL_SECONDS * 1000;
  }

  /** Where a confirmed link lands: the caller's redirect_to when it stays on the site, else the site. */
  redirectTarget(redirectTo: string | undefined): string {
    const site = this.config.SITE_URL ?? `${new URL(this.config.AUTH_ISSUER).origin}/`;
    try {
      if (redirectTo && new URL(redirectTo).origin === new URL(site).origin) return redirectTo;
    } catch {
      // not a URL: the site it is
    }
    return site;
  }
}
