import { Module } from '@nestjs/common';
import { TimeZoneController } from './time-zone.controller';
import { TimeZones } from './time-zones';

/** The candidate's one time zone, read by everything that counts their days. */
@Module({ controllers: [TimeZoneController], providers: [TimeZones], exports: [TimeZones] })
export class TimeZoneModule {}
