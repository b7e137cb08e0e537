import { Module } from '@nestjs/common';
import { AuthorNames } from './author-names';
import { CandidateInterviewsController } from './candidate-interviews.controller';
import { CandidateInterviewsEvents } from './candidate-interviews.events';
import { CandidateInterviewsRepository } from './candidate-interviews.repository';
import { CandidateInterviewsService } from './candidate-interviews.service';

/** Interview experiences: shared, filtered, paged, and summed up per company (insights). */
@Module({
  controllers: [CandidateInterviewsController, CandidateInterviewsEvents],
  providers: [AuthorNames, CandidateInterviewsRepository, CandidateInterviewsService],
})
export class CandidateInterviewsModule {}
