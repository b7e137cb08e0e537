import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface MailboxMessage {
  file: string;
  to: string;
  subject: string;
  date: Date;
  text: string;
  /** The confirmation link and code in it, when it is a confirmation. */
  link?: string;
  code?: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), as a bulk mail carries them. */
  listUnsubscribe?: string;
  listUnsubscribePost?: string;
}

/** Quoted-printable, as nodemailer writes long lines: soft breaks and =XX bytes. */
const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (=?UTF-8?Q?...?= or B), as nodemailer writes a subject with quotes or non-ASCII. */
const decodeEncodedWords = (value: string) =>
  value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

/** Reads one .eml file of the developer mailbox (the Mailer's own single-part plain-text messages). */
function parseMessage(file: string, raw: string): MailboxMessage {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1].trim() ?? '';
  const body = raw.slice(split + 2);
  const text = /quoted-printable/i.test(header('Content-Transfer-Encoding')) ? decodeQuotedPrintable(body) : body;
  return {
    file,
    to: header('To'),
    subject: decodeEncodedWords(header('Subject')),
    date: new Date(header('Date')),
    text,
    link: text.match(/https?:\/\/\S+\/verify\?\S+/)?.[0],
    code: text.match(/code: (\d{6})/)?.[1],
    listUnsubscribe: header('List-Unsubscribe') || undefined,
    listUnsubscribePost: header('List-Unsubscribe-Post') || undefined,
  };
}

/** Messages in `dir`, newest first; only those to `to` (any case) when given. None when the mailbox does not exist yet. */
export async function readMailbox(dir: string, to?: string): Promise<MailboxMessage[]> {
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  const messages: MailboxMessage[] = [];
  for (const file of files) {
    const message = parseMessage(file, await readFile(path.join(dir, file), 'utf8'));
    if (!to || message.to.toLowerCase() === to.toLowerCase()) messages.push(message);
  }
  return messages;
}
