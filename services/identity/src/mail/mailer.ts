import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
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
}

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
    if (config.SMTP_URL) this.smtp = createTransport(config.SMTP_URL);
    else logger.warn(`mail goes to the developer mailbox ${config.MAILBOX_DIR} (npm run admin -- mailbox); set SMTP_URL to send it`);
  }

  async send(mail: Mail): Promise<void> {
    const message = { from: this.config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers };
    if (this.smtp) {
      await this.smtp.sendMail(message);
      return;
    }
    const { message: raw } = await this.file.sendMail(message);
    await (this.mailbox ??= this.openMailbox());
    // Sortable by time, findable by recipient: <ms>-<recipient>-<random>.eml.
    const name = `${Date.now()}-${mail.to.replace(/[^A-Za-z0-9@._+-]/g, '_')}-${randomBytes(3).toString('hex')}.eml`;
    await writeFile(path.join(this.config.MAILBOX_DIR, name), raw as Buffer, { mode: 0o600 });
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
