import { Module } from '@nestjs/common';
import { AuthorNames } from './author-names';
import { CandidateInterviewsController } from './candidate-interviews.controller';
import { CandidateInterviewsEvents } from './candidate-interviews.events';
import { CandidateInterviewsRepository } from './candidate-interviews.repository';
import { CandidateInterviewsService } from './candidate-interviews.service';
import { InterviewCommentsController } from './interview-comments.controller';
import { InterviewCommentsRepository } from './interview-comments.repository';
import { InterviewCommentsService } from './interview-comments.service';

/** Interview experiences: shared, filtered, paged, commented on, and summed up per company (insights). */
@Module({
  controllers: [CandidateInterviewsController, CandidateInterviewsEvents, InterviewCommentsController],
  providers: [AuthorNames, CandidateInterviewsRepository, CandidateInterviewsService, InterviewCommentsRepository, InterviewCommentsService],
})
export class CandidateInterviewsModule {}
