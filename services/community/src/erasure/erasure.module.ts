import { Module } from '@nestjs/common';
import { ErasureEvents } from './erasure.events';

@Module({ providers: [ErasureEvents] })
export class ErasureModule {}
