import { Module } from '@nestjs/common';
import { ReviewSessionController } from './review-session.controller';
import { ReviewSessionRepository } from './review-session.repository';

/** "Review due": today's queue within the daily review limit and new problems per day. */
@Module({ controllers: [ReviewSessionController], providers: [ReviewSessionRepository] })
export class ReviewSessionModule {}
