import { createLogger, Database } from '@app/service-kit';
import { z } from 'zod';
import { voiceConfigShape } from './config';
import { allowanceMonth } from './sessions/allowance';
import { CreditLedgerRepository } from './sessions/credit-ledger.repository';

const usage = 'usage: DATABASE_URL=... node admin.js grant-credits <user id> <credits> <operator>';
/** An operator's grant is a gesture (a refund by hand, a goodwill top-up), not a second currency. */
export const maxOperatorGrant = 1000;

const creditsRule = `credits must be a whole number from 1 to ${maxOperatorGrant}`;
const creditsArgument = z.coerce.number({ error: creditsRule }).int(creditsRule).min(1, creditsRule).max(maxOperatorGrant, creditsRule);

/**
 * `node dist/admin.js grant-credits <user id> <credits> <operator>` with DATABASE_URL (npm run admin
 * wraps it, finding the user by e-mail): a grant row in the ledger whose note names the operator.
 * This month's allowance is settled first, as the user's own first use would, so the grant always
 * comes on top of it. Prints the new balance.
 */
async function main(): Promise<number> {
  const [command, userId, creditsText, operator] = process.argv.slice(2);
  if (command !== 'grant-credits' || !z.uuid().safeParse(userId).success || creditsText === undefined || !operator || !process.env.DATABASE_URL) {
    console.error(usage);
    return 2;
  }
  const credits = creditsArgument.safeParse(creditsText.trim() === '' ? undefined : creditsText);
  if (!credits.success) {
    console.error(`grant-credits: ${credits.error.issues[0].message} (got ${JSON.stringify(creditsText)})`);
    return 2;
  }
  const config = z
    .object({ VOICE_STARTER_CREDITS: voiceConfigShape.VOICE_STARTER_CREDITS, VOICE_MONTHLY_CREDITS: voiceConfigShape.VOICE_MONTHLY_CREDITS })
    .parse(process.env);
  const logger = createLogger('voice-admin', 'warn');
  const db = new Database({ url: process.env.DATABASE_URL, schema: process.env.DATABASE_SCHEMA ?? 'voice', logger });
  const ledger = new CreditLedgerRepository(db);
  try {
    const balance = await db.transaction(async (tx) => {
      if (await ledger.isErased(tx, userId)) return undefined;
      const month = allowanceMonth(Date.now());
      await ledger.ensureAccount(tx, userId, config.VOICE_STARTER_CREDITS, month);
      await ledger.settleAllowance(tx, userId, month, config.VOICE_MONTHLY_CREDITS);
      await ledger.lockAccount(tx, userId);
      await ledger.grant(tx, userId, credits.data, `operator: ${operator}`);
      return ledger.balance(tx, userId);
    });
    if (balance === undefined) {
      console.error(`account ${userId} was deleted: nothing granted`);
      return 1;
    }
    console.warn(`${credits.data} credits granted to ${userId} by ${operator}; balance ${balance}`);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
