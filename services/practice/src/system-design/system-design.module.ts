import { Module } from '@nestjs/common';
import { SystemDesignController } from './system-design.controller';
import { SystemDesignEvents } from './system-design.events';
import { SystemDesignRepository } from './system-design.repository';
import { SystemDesignService } from './system-design.service';

/** System Design (issue 36): prompts, attempts in the delivery framework, review, concept cards and "asked at" counts. */
@Module({ controllers: [SystemDesignController, SystemDesignEvents], providers: [SystemDesignService, SystemDesignRepository] })
export class SystemDesignModule {}
