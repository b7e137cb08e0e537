import path from 'node:path';
import { BaseConfig } from '@app/service-kit';
import { z } from 'zod';
import { signingKeyEncryptionKey } from './keys/key-encryption';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const identityConfigShape = {
  AUTH_ISSUER: z
    .string()
    .url()
    .default('http://localhost:8080/auth/v1')
    .describe('The `iss` of every token it signs; the gateway and the services expect the same value.'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600).describe('Life of an access token.'),
  REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10)
    .describe('How long a rotated refresh token may still be retried (a client that lost the answer).'),
  SIGNIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: count(5).describe(
    'Failed sign-ins in a row from one address on one account before each further attempt waits (429 with Retry-After: 2 s, doubling); a success clears it.',
  ),
  SIGNIN_DELAY_MAX_SECONDS: count(60).describe('The longest of those waits: the owner who mistyped is back within it.'),
  SIGNIN_FAILURES_PER_ACCOUNT: count(100).describe('Failed sign-ins on one account in 24 hours before it is refused to addresses that never signed in to it.'),
  SIGNIN_FAILURES_PER_ADDRESS: count(50).describe(
    'Failed sign-ins from one address in 15 minutes, across accounts, before it is refused for accounts it never signed in to.',
  ),
  SIGNUPS_PER_ADDRESS_PER_HOUR: count(30).describe('Sign-ups from one client address an hour.'),
  PUBLIC_URL: z
    .preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional())
    .describe('Where users reach the app: mailed links lead to its /auth/v1/verify, never to the host a request named. Unset: the origin of AUTH_ISSUER.'),
  SITE_URL: z
    .preprocess(emptyToUndefined, z.string().url().optional())
    .describe('Where mailed links land after they are used (default: PUBLIC_URL, else the origin of AUTH_ISSUER); redirect_to must stay on it.'),
  CONFIRMATION_TTL_SECONDS: count(86_400).describe('Life of a confirmation link or code.'),
  CONFIRMATION_CODE_FAILURES: count(5).describe('Wrong codes for one e-mail before its codes are refused for the rest of CONFIRMATION_CODE_LOCKOUT_SECONDS.'),
  CONFIRMATION_CODE_LOCKOUT_SECONDS: count(900).describe('How long those codes are refused.'),
  CONFIRMATION_CODE_FAILURES_PER_DAY: count(20).describe('Wrong codes for one e-mail a day, across codes, until the signed-in owner asks for a fresh one.'),
  CONFIRMATION_RESEND_INTERVAL_SECONDS: count(60).describe(
    'One resend per this many seconds per e-mail for anyone, and apart from that per account for its signed-in owner.',
  ),
  RECOVERY_TTL_SECONDS: count(3600).describe("Life of a password recovery's link and code (GoTrue's default: an hour)."),
  RECOVERY_EMAILS_PER_DAY: count(10).describe('Recovery mails to one e-mail a day (besides one per CONFIRMATION_RESEND_INTERVAL_SECONDS), known or not.'),
  RECOVERIES_PER_ADDRESS_PER_HOUR: count(30).describe('Recovery requests from one client address an hour, across e-mails.'),
  EMAIL_CONFIRMATION_REQUIRED: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false'))
    .transform((v) => v === 'true')
    .describe(
      'Supabase\'s "Confirm email": sign-up answers without a session, and password sign-in is refused until the mailed link or code is used. Off: sign-up signs in at once.',
    ),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().url().optional()).describe('smtp://user:pass@host:587 or smtps://…; unset: mail goes to MAILBOX_DIR.'),
  MAILBOX_DIR: z
    .preprocess(
      emptyToUndefined,
      z.string().default(path.join(process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.resolve(__dirname, '..', '..', '..', '.data'), 'mailbox')),
    )
    .meta({
      description: 'The developer mailbox: each mail as a .eml file (0600) in a folder only its owner may open (`npm run admin -- mailbox`).',
      defaultText: "mailbox/ in the launcher's data directory (DATA_DIR, else .data at the repository root)",
    }),
  MAIL_POLL_INTERVAL_MS: count(2000).describe(
    'How often the mail sender looks for mail to retry or queued by another replica (its own commits wake it at once).',
  ),
  MAIL_SEND_LEASE_SECONDS: count(60).describe('How long a sender holds a mail it took: one that died holding it leaves it to another sender after this.'),
  MAIL_SEND_ATTEMPTS: count(8).describe('Attempts at one mail (waits doubling from 1 s to 5 minutes between them) before it is given up and logged.'),
  MAIL_STUCK_ALERT_SECONDS: count(900).describe(
    'A mail waiting longer than this to be sent (failing, retrying, or no sender running) makes each sender log a warning with the counts per state, once a minute (`npm run admin -- mail` lists them).',
  ),
  MAIL_FROM: z.string().default('ThunderPrep <no-reply@thunderprep.local>').describe('The From of every mail.'),
  SUPABASE_WEBHOOK_SECRET: z
    .preprocess(emptyToUndefined, z.string().min(32, { message: 'must be at least 32 characters' }).optional())
    .describe("The X-Webhook-Secret a real Supabase project's database webhook sends (README: real Supabase); unset, the webhook answers 404."),
  SIGNING_KEY_ENCRYPTION_KEY: signingKeyEncryptionKey.describe(
    '32 random bytes in base64 (`openssl rand -base64 32`) sealing the private signing keys in the database (keys/key-encryption.ts).',
  ),
  AUTH_EXTERNAL_PROVIDERS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .describe('OAuth providers /auth/v1/settings reports as enabled (comma-separated, e.g. "github,google").'),
};

export type IdentityConfig = BaseConfig & z.infer<z.ZodObject<typeof identityConfigShape>>;
