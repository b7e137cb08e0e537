import { Module } from '@nestjs/common';
import { ReviewSessionRepository } from '../review-session/review-session.repository';
import { DigestController } from './digest.controller';
import { DigestScheduler } from './digest.scheduler';
import { DigestService } from './digest.service';

/** The daily e-mail of reviews due: the job that prepares it once a day, and its on/off switch. */
@Module({ controllers: [DigestController], providers: [DigestService, DigestScheduler, ReviewSessionRepository] })
export class DigestModule {}
