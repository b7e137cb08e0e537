import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { ExportController } from './export.controller';
import { ExportService } from './export.service';

/** Export of problems and review sessions (CSV, JSON) and import of the problems CSV. */
@Module({ imports: [QuestionsModule], controllers: [ExportController], providers: [ExportService] })
export class ExportModule {}
