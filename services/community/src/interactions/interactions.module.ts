import { Module } from '@nestjs/common';
import { InteractionsRepository } from './interactions.repository';

/** The interactions table, shared by opportunities, feature requests, resources and community designs. */
@Module({ providers: [InteractionsRepository], exports: [InteractionsRepository] })
export class InteractionsModule {}
