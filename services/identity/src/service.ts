import path from 'node:path';
import { BaseConfig, ServiceDefinition } from '@app/service-kit';
import { z } from 'zod';
import { AccountsModule } from './accounts/accounts.module';

const identityConfig = {
  /** The `iss` of every token; services and the gateway expect the same value. */
  AUTH_ISSUER: z.string().url().default('http://localhost:8080/auth/v1'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(10),
  PASSWORD_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** OAuth providers to report as enabled in /settings (comma-separated, e.g. "github,google"). */
  AUTH_EXTERNAL_PROVIDERS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((p) => p.trim()).filter(Boolean)),
};

export type IdentityConfig = BaseConfig & z.infer<z.ZodObject<typeof identityConfig>>;

export const identityService: ServiceDefinition<typeof identityConfig> = {
  name: 'identity',
  module: AccountsModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  defaultPort: 8101,
  config: identityConfig,
  // Identity checks the tokens it signs itself; this only satisfies the kit's shared settings.
  defaults: { AUTH_JWKS_URL: 'http://127.0.0.1:8101/auth/v1/.well-known/jwks.json' },
};
