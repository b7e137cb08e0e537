import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { LOGGER, Logger, SERVICE_CONFIG } from '@app/service-kit';
import type { IdentityConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra header fields, e.g. List-Unsubscribe (RFC 2369). */
  headers?: Record<string, string>;
  /** The same for every attempt at one mail: its Message-ID, and its file name in the developer mailbox (a second attempt replaces the first). */
  id: string;
  /** When it was queued: the developer mailbox sorts by it. */
  queuedAt: Date;
}

/** Below the outbox's lease (MAIL_SEND_LEASE_SECONDS, 60 s by default): a hung server fails the attempt before another sender takes the mail. */
const SMTP_TIMEOUT_MS = 20_000;

/**
 * Sends identity's mail through SMTP when SMTP_URL is set; otherwise writes each message, whole
 * (RFC 5322, as SMTP would have carried it), as a .eml file into MAILBOX_DIR, the local developer
 * mailbox `npm run admin -- mailbox` lists, as Supabase's local stack catches mail in Inbucket.
 * Never silently nowhere.
 */
@Injectable()
export class Mailer {
  private readonly smtp?: ReturnType<typeof createTransport>;
  private readonly file = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  private mailbox?: Promise<void>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    if (config.SMTP_URL)
      this.smtp = createTransport({
        url: config.SMTP_URL,
        pool: true,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      });
    else logger.warn(`mail goes to the developer mailbox ${config.MAILBOX_DIR} (npm run admin -- mailbox); set SMTP_URL to send it`);
  }

  async send(mail: Mail): Promise<void> {
    const domain = new URL(this.config.PUBLIC_URL ?? this.config.AUTH_ISSUER).hostname;
    const message = {
      from: this.config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: mail.headers,
      messageId: `<${mail.id}@${domain}>`,
      date: mail.queuedAt,
    };
    if (this.smtp) {
      await this.smtp.sendMail(message);
      return;
    }
    const { message: raw } = await this.file.sendMail(message);
    await (this.mailbox ??= this.openMailbox());
    // Sortable by time, findable by recipient, one file per mail however often it is sent: <queued ms>-<recipient>-<id>.eml.
    const name = `${mail.queuedAt.getTime()}-${mail.to.replace(/[^A-Za-z0-9@._+-]/g, '_')}-${mail.id}.eml`;
    // Written whole, then renamed: a crash mid-write leaves no half message for the mailbox to show.
    const file = path.join(this.config.MAILBOX_DIR, name);
    await writeFile(`${file}.part`, raw as Buffer, { mode: 0o600 });
    await rename(`${file}.part`, file);
  }

  /**
   * The mailbox is the owner's alone (0700): its file names and messages carry addresses, links
   * and codes. A mailbox left from before (0755) is closed too.
   */
  private async openMailbox(): Promise<void> {
    try {
      await mkdir(this.config.MAILBOX_DIR, { recursive: true, mode: 0o700 });
      await chmod(this.config.MAILBOX_DIR, 0o700);
    } catch (err) {
      this.mailbox = undefined;
      throw err;
    }
  }
}
