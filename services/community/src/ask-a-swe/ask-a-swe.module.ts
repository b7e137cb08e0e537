import { Module } from '@nestjs/common';
import { AskASweController } from './ask-a-swe.controller';
import { AskASweEvents } from './ask-a-swe.events';
import { AskASweService } from './ask-a-swe.service';
import { AskModerationController } from './ask-moderation.controller';
import { AskModerationService } from './ask-moderation.service';
import { FlagsRepository } from './flags.repository';
import { MembersRepository } from './members.repository';
import { PostsRepository } from './posts.repository';
import { ReputationRepository } from './reputation.repository';
import { AskWeeklyDigest } from './weekly-digest';

/**
 * Ask a SWE (issue 37): questions and answers, votes and reputation, follows and the weekly digest,
 * flags and their moderation. Community designs are flagged into the same queue, by the same rules.
 */
@Module({
  controllers: [AskASweController, AskModerationController, AskASweEvents],
  providers: [PostsRepository, ReputationRepository, MembersRepository, FlagsRepository, AskASweService, AskModerationService, AskWeeklyDigest],
  exports: [AskModerationService],
})
export class AskASweModule {}
