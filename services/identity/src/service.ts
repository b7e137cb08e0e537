import path from "node:path";
import { Module } from "@nestjs/common";
import { BaseConfig, ServiceDefinition } from "@app/service-kit";
import { z } from "zod";
import { AccountsModule } from "./accounts/accounts.module";
import { signingKeyEncryptionKey } from "./keys/key-encryption";
import { SupabaseWebhookModule } from "./supabase-webhook/supabase-webhook.module";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const count = (fallback: number) =>
  z.coerce.number().int().min(1).default(fallback);

const identityConfig = {
  /** The `iss` of every token; services and the gateway expect the same value. */
  AUTH_ISSUER: z.string().url().default("http://localhost:8080/auth/v1"),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10),
  /** Failed sign-ins in a row from one address on one account before each further attempt waits (2 s, doubling). */
  SIGNIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: count(5),
  /** The longest of those waits: the owner who mistyped is back within it. */
  SIGNIN_DELAY_MAX_SECONDS: count(60),
  /** Failed sign-ins on one account in 24 hours before it is refused to addresses that never signed in to it. */
  SIGNIN_FAILURES_PER_ACCOUNT: count(100),
  /** Failed sign-ins from one address in 15 minutes, across accounts, before it is refused for accounts it never signed in to. */
  SIGNIN_FAILURES_PER_ADDRESS: count(50),
  SIGNUPS_PER_ADDRESS_PER_HOUR: count(30),
  /**
   * Where users reach the app (the launcher passes its own): mailed links lead to its /auth/v1/verify,
   * never to the host a request named. Unset: the origin of AUTH_ISSUER.
   */
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  /** Where mailed links land after they are used (default: PUBLIC_URL, else the origin of AUTH_ISSUER); redirect_to must stay on it. */
  SITE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  CONFIRMATION_TTL_SECONDS: count(86_400),
  /** Wrong codes for one e-mail before its codes are refused for the rest of CONFIRMATION_CODE_LOCKOUT_SECONDS. */
  CONFIRMATION_CODE_FAILURES: count(5),
  CONFIRMATION_CODE_LOCKOUT_SECONDS: count(900),
  /** Wrong codes for one e-mail a day, across codes, until the signed-in owner asks for a fresh one. */
  CONFIRMATION_CODE_FAILURES_PER_DAY: count(20),
  /** One resend per this many seconds per e-mail for anyone, and apart from that per account for its signed-in owner. */
  CONFIRMATION_RESEND_INTERVAL_SECONDS: count(60),
  /** Life of a password recovery's link and code (GoTrue's default: an hour). */
  RECOVERY_TTL_SECONDS: count(3600),
  /** Recovery mails to one e-mail a day (besides one per CONFIRMATION_RESEND_INTERVAL_SECONDS), known or not. */
  RECOVERY_EMAILS_PER_DAY: count(10),
  /** Recovery requests from one client address an hour, across e-mails. */
  RECOVERIES_PER_ADDRESS_PER_HOUR: count(30),
  /**
   * Supabase's "Confirm email": sign-up answers the user without a session, and password sign-in
   * is refused until the mailed link or code is used. Off by default: sign-up signs in at once.
   */
  EMAIL_CONFIRMATION_REQUIRED: z
    .preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false"))
    .transform((v) => v === "true"),
  /** smtp://user:pass@host:587 or smtps://…; unset: mail goes to MAILBOX_DIR. */
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** Default: mailbox/ in the launcher's data directory (DATA_DIR, else .data at the repository root). */
  MAILBOX_DIR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(
        path.join(
          process.env.DATA_DIR
            ? path.resolve(process.env.DATA_DIR)
            : path.resolve(__dirname, "..", "..", "..", ".data"),
          "mailbox",
        ),
      ),
  ),
  MAIL_FROM: z.string().default("ThunderPrep <no-reply@thunderprep.local>"),
  /**
   * The X-Webhook-Secret a real Supabase project's database webhook sends (README: real Supabase);
   * unset, the webhook answers 404.
   */
  SUPABASE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, { message: "must be at least 32 characters" })
      .optional(),
  ),
  /** Seals the private signing keys in the database (keys/key-encryption.ts). */
  SIGNING_KEY_ENCRYPTION_KEY: signingKeyEncryptionKey,
  /** OAuth providers to report as enabled in /settings (comma-separated, e.g. "github,google"). */
  AUTH_EXTERNAL_PROVIDERS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean),
    ),
};

export type IdentityConfig = BaseConfig &
  z.infer<z.ZodObject<typeof identityConfig>>;

/** The GoTrue API of the embedded default, and the webhook that brings a real project's accounts in. */
@Module({ imports: [AccountsModule, SupabaseWebhookModule] })
class IdentityModule {}

export const identityService: ServiceDefinition<typeof identityConfig> = {
  name: "identity",
  module: IdentityModule,
  migrationsDir: path.join(__dirname, "..", "migrations"),
  defaultPort: 8101,
  config: identityConfig,
  // Identity checks the tokens it signs itself; this only satisfies the kit's shared settings.
  defaults: {
    AUTH_JWKS_URL: "http://127.0.0.1:8101/auth/v1/.well-known/jwks.json",
  },
};
