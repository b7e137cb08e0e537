import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';

/** Well-known problems to search and add, and the curated lists to add at once. */
@Module({ imports: [QuestionsModule], controllers: [CatalogueController], providers: [CatalogueService] })
export class CatalogueModule {}
