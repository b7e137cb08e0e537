import { Module } from '@nestjs/common';
import { InteractionsModule } from '../interactions/interactions.module';
import { FeatureRequestsController } from './feature-requests.controller';
import { FeatureRequestsRepository } from './feature-requests.repository';
import { FeatureRequestsService } from './feature-requests.service';

/** The feature board: requests, their statuses (set by moderators) and upvotes. */
@Module({
  imports: [InteractionsModule],
  controllers: [FeatureRequestsController],
  providers: [FeatureRequestsRepository, FeatureRequestsService],
  exports: [FeatureRequestsRepository],
})
export class FeatureRequestsModule {}
