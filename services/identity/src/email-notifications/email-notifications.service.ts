import { Inject, Injectable } from '@nestjs/common';
import {
  EmailNotificationKind,
  emailNotificationKinds,
  emailNotificationMessages,
  EmailNotificationSettings,
  emailNotificationText,
  SetEmailNotification,
} from '@app/contracts';
import { Database, notFound, openToken, sealToken, SERVICE_CONFIG, uuidFromBytes, uuidToBytes, TokenKey, Tx } from '@app/service-kit';
import type { IdentityConfig } from '../config';
import type { QueuedMail } from '../mail/mail-outbox';
import { mailTokenKeys } from './token-keys';

const purpose = 'email-notification-unsubscribe';
/** An unsubscribe address works this long after its mail: long enough for a mail read late, not forever. */
const TOKEN_DAYS = 90;
/** How long a replica seals with the keys it read: a rotation elsewhere reaches it within this. */
const KEYS_FRESH_MS = 60_000;
const kindByte = (kind: EmailNotificationKind) => emailNotificationKinds.indexOf(kind);

/** A member a mail of some kind may go to: they want it and their address is confirmed. */
export interface Recipient {
  id: string;
  email: string;
}

/**
 * Which e-mail each member wants (defaults until they choose), who may get a mail of a kind (only
 * a confirmed address, only if wanted), and the mail's part that says why it came, links to the
 * setting and unsubscribes in one click (List-Unsubscribe, RFC 8058) with a sealed token naming
 * the user and the kind.
 */
@Injectable()
export class EmailNotifications {
  private keys?: Promise<TokenKey[]>;
  private keysReadAt = 0;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async settings(userId: string): Promise<EmailNotificationSettings> {
    const { rows } = await this.db.query<{ kind: EmailNotificationKind; enabled: boolean; confirmed: boolean }>(
      `SELECT c.kind, c.enabled, u.email_confirmed_at IS NOT NULL AS confirmed
         FROM users u LEFT JOIN email_notification_choices c ON c.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    const chosen = new Map(rows.filter((r) => r.kind).map((r) => [r.kind, r.enabled]));
    const settings = Object.fromEntries(emailNotificationKinds.map((kind) => [kind, chosen.get(kind) ?? emailNotificationText[kind].byDefault]));
    return { settings: settings as EmailNotificationSettings['settings'], address_confirmed: rows[0]?.confirmed ?? false };
  }

  async set(userId: string, { kind, enabled }: SetEmailNotification): Promise<EmailNotificationSettings> {
    await this.choose(userId, kind, enabled);
    return this.settings(userId);
  }

  /** The one-click unsubscribe: the token alone says whose e-mail of which kind to turn off. */
  async unsubscribe(token: string): Promise<{ kind: EmailNotificationKind; enabled: false }> {
    const opened = await this.open(token);
    if (!opened || !(await this.choose(opened.userId, opened.kind, false))) throw notFound(emailNotificationMessages.invalidLink);
    return { kind: opened.kind, enabled: false };
  }

  /**
   * Where a person who opened the unsubscribe address (a GET) is sent: the page that names the kind
   * and asks first, or says the link is invalid. Nothing changes here.
   */
  async unsubscribePage(token: string | undefined): Promise<string> {
    const opened = token ? await this.open(token) : undefined;
    return opened ? this.pageUrl(token!, opened.kind) : new URL('email-notifications/unsubscribe?invalid=1', this.site()).toString();
  }

  /** Of `userIds`, those with a confirmed address who want mail of `kind`, read in `tx`: a choice made before it counts. */
  async recipients(tx: Tx, kind: EmailNotificationKind, userIds: readonly string[]): Promise<Recipient[]> {
    if (userIds.length === 0) return [];
    const { rows } = await tx.query<Recipient>(
      `SELECT u.id, u.email FROM users u
         LEFT JOIN email_notification_choices c ON c.user_id = u.id AND c.kind = $2
        WHERE u.id = ANY($1::uuid[]) AND u.email_confirmed_at IS NOT NULL AND COALESCE(c.enabled, $3)`,
      [userIds, kind, emailNotificationText[kind].byDefault],
    );
    return rows;
  }

  /**
   * A mail of `kind` to `to`: the text ends by saying why it came and where to turn it off, and the
   * headers let a mail client unsubscribe in one click.
   */
  async mail(kind: EmailNotificationKind, cause: string, to: Recipient, subject: string, lines: string[]): Promise<QueuedMail> {
    const [key] = await this.tokenKeys();
    const token = sealToken(key, purpose, Buffer.concat([uuidToBytes(to.id), Buffer.from([kindByte(kind)])]), new Date(Date.now() + TOKEN_DAYS * 86_400_000));
    const site = this.site();
    const api = this.config.PUBLIC_URL ? `${this.config.PUBLIC_URL.replace(/\/$/, '')}/` : site;
    const oneClick = new URL(`api/email-notifications/unsubscribe?token=${token}`, api).toString();
    // A page that asks before it turns the e-mail off: mail scanners fetch links, and a GET must not unsubscribe.
    const page = this.pageUrl(token, kind);
    const settings = new URL('settings#email', site).toString();
    const { label, reason } = emailNotificationText[kind];
    return {
      key: `${cause}:${to.id}:${kind}`,
      userId: to.id,
      kind,
      to: to.email,
      subject,
      text: [
        ...lines,
        '',
        `You get this e-mail because ${reason}, and "${label}" is on in your e-mail settings: ${settings}`,
        `To stop these e-mails, open ${page}`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /** The app's address of `path` (one inside the app, as the bell's links are: '/ask-a-swe/…'), for a mail's text. */
  link(path: string): string {
    return new URL(path.replace(/^\//, ''), this.site()).toString();
  }

  private site(): string {
    return this.config.SITE_URL ?? `${new URL(this.config.PUBLIC_URL ?? this.config.AUTH_ISSUER).origin}/`;
  }

  /** The page that asks first; the kind is there to name it, the token alone decides what the POST turns off. */
  private pageUrl(token: string, kind: EmailNotificationKind): string {
    return new URL(`email-notifications/unsubscribe?${new URLSearchParams({ token, kind })}`, this.site()).toString();
  }

  private async open(token: string): Promise<{ userId: string; kind: EmailNotificationKind } | undefined> {
    const payload = openToken(await this.tokenKeys(), purpose, token) ?? openToken(await this.tokenKeys(true), purpose, token);
    const kind = payload?.length === 17 ? emailNotificationKinds[payload[16]] : undefined;
    return payload && kind ? { userId: uuidFromBytes(payload.subarray(0, 16)), kind } : undefined;
  }

  private async choose(userId: string, kind: EmailNotificationKind, enabled: boolean): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO email_notification_choices (user_id, kind, enabled) SELECT id, $2, $3 FROM users WHERE id = $1
       ON CONFLICT (user_id, kind) DO UPDATE SET enabled = $3, chosen_at = now()`,
      [userId, kind, enabled],
    );
    return (rowCount ?? 0) > 0;
  }

  /** Newest first, read again after a minute or when asked (another replica may have rotated them). */
  private tokenKeys(fresh = false): Promise<TokenKey[]> {
    if (fresh || Date.now() - this.keysReadAt > KEYS_FRESH_MS) {
      this.keysReadAt = Date.now();
      this.keys = mailTokenKeys(this.db).catch((err: Error) => {
        this.keys = undefined;
        this.keysReadAt = 0;
        throw err;
      });
    }
    return this.keys!;
  }
}
