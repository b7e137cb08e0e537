import path from 'node:path';
import { Module } from '@nestjs/common';
import { BaseConfig, ServiceDefinition } from '@app/service-kit';
import { z } from 'zod';
import { ContactModule } from './contact/contact.module';
import { ErasureModule } from './erasure/erasure.module';
import { FeatureRequestsModule } from './feature-requests/feature-requests.module';
import { OpportunitiesModule } from './opportunities/opportunities.module';
import { ResourcesModule } from './resources/resources.module';

const communityConfig = {
  /** Contact messages one client address may send per hour signed out (the form also works signed out). */
  CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** …and one account per hour signed in, from any address: others' messages signed out never use it up. */
  CONTACT_MESSAGES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(10),
};

export type CommunityConfig = BaseConfig & z.infer<z.ZodObject<typeof communityConfig>>;

/** Opportunities, feature requests, their upvotes and favourites, contact messages and resources. */
@Module({ imports: [OpportunitiesModule, FeatureRequestsModule, ContactModule, ResourcesModule, ErasureModule] })
class CommunityAppModule {}

export const communityService: ServiceDefinition<typeof communityConfig> = {
  name: 'community',
  module: CommunityAppModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  defaultPort: 8104,
  config: communityConfig,
};
