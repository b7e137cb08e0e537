import { createLogger, Database } from '@app/service-kit';
import { moderatorRole } from '@app/contracts';
import { AccountsRepository } from './accounts/accounts.repository';

/** `node dist/admin.js grant-moderator|revoke-moderator <email>` with DATABASE_URL (npm run admin wraps it). */
async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  const roles: Record<string, string | null> = { 'grant-moderator': moderatorRole, 'revoke-moderator': null };
  if (!(command in roles) || !email || !process.env.DATABASE_URL) {
    console.error('usage: DATABASE_URL=... node admin.js <grant-moderator|revoke-moderator> <email>');
    return 2;
  }
  const db = new Database({ url: process.env.DATABASE_URL, schema: process.env.DATABASE_SCHEMA ?? 'identity', logger: createLogger('identity-admin', 'warn') });
  try {
    const user = await new AccountsRepository(db).setRole(email, roles[command]);
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

main().then((code) => process.exit(code), (err: Error) => {
  console.error(err.message);
  process.exit(1);
});
