import { Module } from '@nestjs/common';
import { AuthorNames } from './author-names';
import { CandidateInterviewsController } from './candidate-interviews.controller';
import { CandidateInterviewsEvents } from './candidate-interviews.events';
import { CandidateInterviewsRepository } from './candidate-interviews.repository';
import { CandidateInterviewsService } from './candidate-interviews.service';
import { InterviewCommentsController } from './interview-comments.controller';
import { InterviewCommentsRepository } from './interview-comments.repository';
import { InterviewCommentsService } from './interview-comments.service';
import { OfferRangesPublisher } from './offer-ranges';

/** Interview experiences: shared, filtered, paged, commented on, and summed up per company (insights, and offer ranges published daily). */
@Module({
  controllers: [CandidateInterviewsController, CandidateInterviewsEvents, InterviewCommentsController],
  providers: [
    AuthorNames,
    CandidateInterviewsRepository,
    CandidateInterviewsService,
    InterviewCommentsRepository,
    InterviewCommentsService,
    OfferRangesPublisher,
  ],
})
export class CandidateInterviewsModule {}
