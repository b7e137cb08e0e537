import path from 'node:path';
import { Module } from '@nestjs/common';
import { serviceEntry } from '@app/contracts';
import { ServiceDefinition } from '@app/service-kit';
import { AccountsModule } from './accounts/accounts.module';
import { AskDigestModule } from './ask-digest/ask-digest.module';
import { identityConfigShape } from './config';
import { EmailNotificationsModule } from './email-notifications/email-notifications.module';
import { FeatureUpdatesModule } from './feature-updates/feature-updates.module';
import { registerMailMetrics } from './mail/mail-report';
import { ReviewDigestModule } from './review-digest/review-digest.module';
import { SupabaseWebhookModule } from './supabase-webhook/supabase-webhook.module';

/** The GoTrue API of the embedded default, the webhook that brings a real project's accounts in, feature-board and daily review e-mails. */
@Module({ imports: [AccountsModule, SupabaseWebhookModule, EmailNotificationsModule, FeatureUpdatesModule, ReviewDigestModule, AskDigestModule] })
class IdentityModule {}

export const identityService: ServiceDefinition<typeof identityConfigShape> = {
  name: 'identity',
  module: IdentityModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  config: identityConfigShape,
  metrics: registerMailMetrics,
  // Identity checks the tokens it signs itself; this only satisfies the kit's shared settings.
  defaults: { AUTH_JWKS_URL: `http://127.0.0.1:${serviceEntry('identity')?.port}/auth/v1/.well-known/jwks.json` },
};
