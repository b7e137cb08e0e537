import { Module } from '@nestjs/common';
import { ErasureEvents } from './erasure.events';

@Module({ controllers: [ErasureEvents] })
export class ErasureModule {}
