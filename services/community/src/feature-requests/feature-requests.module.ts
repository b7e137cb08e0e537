import { Module } from '@nestjs/common';
import { InteractionsModule } from '../interactions/interactions.module';
import { ModerationModule } from '../moderation/moderation.module';
import { FeatureCommentsController } from './feature-comments.controller';
import { FeatureCommentsRepository } from './feature-comments.repository';
import { FeatureCommentsService } from './feature-comments.service';
import { FeatureRequestsController } from './feature-requests.controller';
import { FeatureRequestsRepository } from './feature-requests.repository';
import { FeatureRequestsService } from './feature-requests.service';
import { TrendingAging } from './trending-aging';

/** The feature board: requests, their statuses (set by moderators), upvotes, comments and merges of duplicates. */
@Module({
  imports: [InteractionsModule, ModerationModule],
  controllers: [FeatureRequestsController, FeatureCommentsController],
  providers: [FeatureRequestsRepository, FeatureRequestsService, FeatureCommentsRepository, FeatureCommentsService, TrendingAging],
  exports: [FeatureRequestsRepository],
})
export class FeatureRequestsModule {}
