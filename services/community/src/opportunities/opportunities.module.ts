import { Module } from '@nestjs/common';
import { InteractionsModule } from '../interactions/interactions.module';
import { ModerationModule } from '../moderation/moderation.module';
import { OpportunitiesController } from './opportunities.controller';
import { OpportunitiesRepository } from './opportunities.repository';
import { OpportunitiesService } from './opportunities.service';

/** Student Pathfinder: shared opportunities, their review, upvotes and favourites. */
@Module({ imports: [InteractionsModule, ModerationModule], controllers: [OpportunitiesController], providers: [OpportunitiesRepository, OpportunitiesService] })
export class OpportunitiesModule {}
