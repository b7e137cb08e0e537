import { moderatorRole } from '@app/contracts';
import { createLogger, Database, EventBus, InProcessTransport } from '@app/service-kit';
import { AccountsRepository } from './accounts/accounts.repository';
import { deleteAccount } from './accounts/erasure';
import { readMailbox } from './mail/mailbox';

const usage =
  'usage: DATABASE_URL=... node admin.js <grant-moderator|revoke-moderator|delete-user> <email>\n       MAILBOX_DIR=... node admin.js mailbox [email]';
const roles: Record<string, string | null> = { 'grant-moderator': moderatorRole, 'revoke-moderator': null };

/** `node dist/admin.js <command> <email>` with DATABASE_URL (npm run admin wraps it). */
async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if (command === 'mailbox' && process.env.MAILBOX_DIR) return listMailbox(process.env.MAILBOX_DIR, email);
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
