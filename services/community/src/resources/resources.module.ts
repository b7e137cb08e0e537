import { Module } from '@nestjs/common';
import { InteractionsModule } from '../interactions/interactions.module';
import { ModerationModule } from '../moderation/moderation.module';
import { ResourcesController } from './resources.controller';
import { ResourcesRepository } from './resources.repository';
import { ResourcesService } from './resources.service';

/** External resources: members share them for review, everyone upvotes and favourites the listed ones. */
@Module({ imports: [InteractionsModule, ModerationModule], controllers: [ResourcesController], providers: [ResourcesRepository, ResourcesService] })
export class ResourcesModule {}
