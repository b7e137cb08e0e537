import { Module } from '@nestjs/common';
import { AskASweModule } from '../ask-a-swe/ask-a-swe.module';
import { InteractionsModule } from '../interactions/interactions.module';
import { DesignsController } from './designs.controller';
import { DesignsEvents } from './designs.events';
import { DesignsRepository } from './designs.repository';
import { DesignsService } from './designs.service';

/** Community designs (issue 36 item 5): published System Design attempts, their upvotes, comments, flags and take-downs. */
@Module({ imports: [InteractionsModule, AskASweModule], controllers: [DesignsController, DesignsEvents], providers: [DesignsRepository, DesignsService] })
export class DesignsModule {}
