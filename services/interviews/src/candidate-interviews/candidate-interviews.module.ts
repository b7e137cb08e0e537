import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { JobRunner } from '@app/service-kit';
import { AuthorNames } from './author-names';
import { CandidateInterviewsController } from './candidate-interviews.controller';
import { CandidateInterviewsEvents } from './candidate-interviews.events';
import { CandidateInterviewsRepository } from './candidate-interviews.repository';
import { CandidateInterviewsService } from './candidate-interviews.service';
import { InterviewCommentsController } from './interview-comments.controller';
import { InterviewCommentsRepository } from './interview-comments.repository';
import { InterviewCommentsService } from './interview-comments.service';
import { offerRangesCheckEveryMs, OfferRangesPublisher } from './offer-ranges';

/** Interview experiences: shared, filtered, paged, commented on, and summed up per company (insights, and offer ranges published daily). */
@Module({
  controllers: [InterviewCommentsController, CandidateInterviewsController, CandidateInterviewsEvents],
  providers: [
    AuthorNames,
    CandidateInterviewsRepository,
    CandidateInterviewsService,
    InterviewCommentsRepository,
    InterviewCommentsService,
    OfferRangesPublisher,
  ],
})
export class CandidateInterviewsModule implements OnModuleInit {
  constructor(
    @Inject(JobRunner) private readonly jobs: JobRunner,
    private readonly offerRanges: OfferRangesPublisher,
  ) {}

  onModuleInit(): void {
    this.jobs.define({ name: 'offer-ranges-publishing', everyMs: offerRangesCheckEveryMs, run: () => this.offerRanges.publishIfDue() });
  }
}
