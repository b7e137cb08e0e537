import { moderatorRole } from '@app/contracts';
import { createLogger, Database, EventBus, InProcessTransport } from '@app/service-kit';
import { AccountsRepository } from './accounts/accounts.repository';
import { deleteAccount } from './accounts/erasure';
import { rotateMailTokenKeys } from './email-notifications/token-keys';
import { signingKeyEncryptionKey } from './keys/key-encryption';
import { addSigningKey, NEW_KEY_SIGNS_WITHIN_SECONDS, retireReplacedKeys } from './keys/key-store';
import { readMailbox } from './mail/mailbox';
import { mailCounts, stuckMail } from './mail/mail-report';

const usage =
  'usage: DATABASE_URL=... node admin.js <grant-moderator|revoke-moderator|delete-user> <email>\n       MAILBOX_DIR=... node admin.js mailbox [email]\n       DATABASE_URL=... SIGNING_KEY_ENCRYPTION_KEY=... node admin.js rotate-signing-key\n       DATABASE_URL=... node admin.js mail-keys rotate\n       DATABASE_URL=... node admin.js mail';
const roles: Record<string, string | null> = { 'grant-moderator': moderatorRole, 'revoke-moderator': null };

/** `node dist/admin.js <command> <email>` with DATABASE_URL (npm run admin wraps it). */
async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if (command === 'mailbox' && process.env.MAILBOX_DIR) return listMailbox(process.env.MAILBOX_DIR, email);
  if (command === 'rotate-signing-key' && process.env.DATABASE_URL) return rotateSigningKey(process.env.DATABASE_URL);
  if (command === 'mail-keys' && email === 'rotate' && process.env.DATABASE_URL) return rotateMailKeys(process.env.DATABASE_URL);
  if (command === 'mail' && process.env.DATABASE_URL) return listMail(process.env.DATABASE_URL);
  if (!(command in roles || command === 'delete-user') || !email || !process.env.DATABASE_URL) {
    console.error(usage);
    return 2;
  }
  const logger = createLogger('identity-admin', 'warn');
  const db = new Database({ url: process.env.DATABASE_URL, schema: process.env.DATABASE_SCHEMA ?? 'identity', logger });
  const accounts = new AccountsRepository(db);
  try {
    if (command === 'delete-user') {
      // Never started, this bus only writes the event into the outbox: the identity service's relay
      // publishes it (within a second while it runs, else when it next starts).
      const events = new EventBus({ db, transport: new InProcessTransport(), logger });
      // Its tokens are refused until the longest they can live (the service's ACCESS_TOKEN_TTL_SECONDS).
      const userId = await deleteAccount(accounts, events, email, Number(process.env.ACCESS_TOKEN_TTL_SECONDS ?? 3600));
      if (!userId) {
        console.error(`no account with the e-mail ${email}`);
        return 1;
      }
      console.warn(`${email}: account ${userId} deleted; every service erases its data on identity.user.deleted`);
      return 0;
    }
    const user = await accounts.setRole(email, roles[command]);
    if (!user) {
      console.error(`no account with the e-mail ${email}`);
      return 1;
    }
    console.warn(`${email}: role ${user.app_metadata.role ?? '(none)'}; new sign-ins and refreshed tokens carry it`);
    return 0;
  } finally {
    await db.close();
  }
}

/**
 * A new signing key, sealed as identity seals them: published at once, signed with by every replica
 * within NEW_KEY_SIGNS_WITHIN_SECONDS (no restart); the older keys stay
 * published while their tokens may live, and those replaced longer ago are retired.
 */
async function rotateSigningKey(databaseUrl: string): Promise<number> {
  const key = signingKeyEncryptionKey.safeParse(process.env.SIGNING_KEY_ENCRYPTION_KEY);
  if (!key.success) {
    console.error(`SIGNING_KEY_ENCRYPTION_KEY: ${key.error.issues[0].message} (identity's own: the new key is sealed with it)`);
    return 2;
  }
  const logger = createLogger('identity-admin', 'warn');
  const db = new Database({ url: databaseUrl, schema: process.env.DATABASE_SCHEMA ?? 'identity', logger });
  try {
    const { kid, retired } = await db.transaction(async (tx) => ({
      kid: await addSigningKey(tx, key.data),
      // The token TTL identity runs with (its ACCESS_TOKEN_TTL_SECONDS).
      retired: await retireReplacedKeys(tx, Number(process.env.ACCESS_TOKEN_TTL_SECONDS ?? 3600)),
    }));
    console.warn(
      `signing key ${kid}: published now; every identity replica signs with it within ${NEW_KEY_SIGNS_WITHIN_SECONDS} s, and tokens of the older keys verify until they expire`,
    );
    if (retired.length > 0) console.warn(`retired (replaced longer ago than a token lives): ${retired.join(', ')}`);
    return 0;
  } finally {
    await db.close();
  }
}

/**
 * A new key for the tokens of mails' unsubscribe addresses: every replica seals with it within a
 * minute; tokens of the key before it still work, those of older ones no longer do.
 */
async function rotateMailKeys(databaseUrl: string): Promise<number> {
  const db = new Database({ url: databaseUrl, schema: process.env.DATABASE_SCHEMA ?? 'identity', logger: createLogger('identity-admin', 'warn') });
  try {
    const id = await rotateMailTokenKeys(db);
    console.warn(`mail token key ${id}: seals within a minute; unsubscribe links of the key before it still work, older ones no longer do`);
    return 0;
  } finally {
    await db.close();
  }
}

/** The mail outbox as an operator checks it: counts per state, the oldest waiting mail's age, and the mail failing or waiting longest. */
async function listMail(databaseUrl: string): Promise<number> {
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19);
  const db = new Database({ url: databaseUrl, schema: process.env.DATABASE_SCHEMA ?? 'identity', logger: createLogger('identity-admin', 'warn') });
  try {
    const counts = await mailCounts(db);
    const age = (seconds: number) =>
      seconds < 120 ? `${Math.round(seconds)} s` : seconds < 7200 ? `${Math.round(seconds / 60)} min` : `${(seconds / 3600).toFixed(1)} h`;
    const oldest = counts.oldestPendingSeconds === null ? 'none waiting' : `oldest waiting ${age(counts.oldestPendingSeconds)}`;
    print(
      `mail outbox: ${counts.waiting} waiting, ${counts.retrying} retrying, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.sent} sent (last 14 days); ${oldest}`,
    );
    const stuck = await stuckMail(db);
    if (stuck.length > 0)
      print(`${'id'.padEnd(10)}${'kind'.padEnd(22)}${'state'.padEnd(10)}${'queued (UTC)'.padEnd(21)}${'tries'.padStart(5)}  next try (UTC)`);
    for (const m of stuck) {
      print(
        `${m.id.padEnd(10)}${m.kind.padEnd(22)}${m.state.padEnd(10)}${when(m.queuedAt).padEnd(21)}${String(m.attempts).padStart(5)}  ${m.state === 'failed' ? '-' : when(m.nextAttemptAt)}`,
      );
      if (m.lastError) print(`  last error: ${m.lastError}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

/** The developer mailbox (mail identity wrote instead of sending, without SMTP_URL), newest first. */
async function listMailbox(dir: string, to: string | undefined): Promise<number> {
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const messages = await readMailbox(dir, to);
  if (messages.length === 0) {
    print(`no mail${to ? ` to ${to}` : ''} in ${dir}`);
    return 0;
  }
  for (const m of messages.slice(0, 20)) {
    print(`${m.date.toISOString()}  ${m.to}  ${m.subject}`);
    if (m.link) print(`  link: ${m.link}`);
    if (m.code) print(`  code: ${m.code}`);
  }
  if (messages.length > 20) print(`(${messages.length - 20} older in ${dir})`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
