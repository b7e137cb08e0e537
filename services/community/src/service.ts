import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { AskASweModule } from './ask-a-swe/ask-a-swe.module';
import { communityConfigShape } from './config';
import { ContactModule } from './contact/contact.module';
import { DesignsModule } from './system-design-designs/designs.module';
import { ErasureModule } from './erasure/erasure.module';
import { FeatureRequestsModule } from './feature-requests/feature-requests.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OpportunitiesModule } from './opportunities/opportunities.module';
import { ResourcesModule } from './resources/resources.module';

/** Opportunities, feature requests, their upvotes and favourites, contact messages, resources, the notifications bell, Ask a SWE and community designs. */
@Module({
  imports: [OpportunitiesModule, FeatureRequestsModule, ContactModule, ResourcesModule, ErasureModule, NotificationsModule, AskASweModule, DesignsModule],
})
class CommunityAppModule {}

export const communityService: ServiceDefinition<typeof communityConfigShape> = {
  name: 'community',
  module: CommunityAppModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  config: communityConfigShape,
};
