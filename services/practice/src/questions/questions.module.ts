import { Module } from '@nestjs/common';
import { QuestionsController } from './questions.controller';
import { QuestionsEvents } from './questions.events';
import { QuestionsRepository } from './questions.repository';
import { QuestionsService } from './questions.service';

/** The caller's coding problems, their review sessions and the list with retention. */
@Module({ controllers: [QuestionsController, QuestionsEvents], providers: [QuestionsRepository, QuestionsService], exports: [QuestionsRepository] })
export class QuestionsModule {}
