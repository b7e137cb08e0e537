import { Module } from '@nestjs/common';
import { ModerationController } from './moderation.controller';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';

/** Review decisions on opportunities and resources, the audit log, the page's counts and a submitter's own list. */
@Module({ controllers: [ModerationController], providers: [ReviewsRepository, ReviewsService], exports: [ReviewsService] })
export class ModerationModule {}
