import { Module } from '@nestjs/common';
import { InteractionsRepository } from './interactions.repository';

/** The interactions table, shared by opportunities and feature requests. */
@Module({ providers: [InteractionsRepository], exports: [InteractionsRepository] })
export class InteractionsModule {}
