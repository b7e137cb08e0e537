import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { ElevenLabsCalls } from '../elevenlabs/elevenlabs-calls.service';
import { ElevenLabsClient } from '../elevenlabs/elevenlabs.client';
import { ElevenLabsController } from '../elevenlabs/elevenlabs.controller';
import { CreditLedger } from './credit-ledger';
import { CreditLedgerRepository } from './credit-ledger.repository';
import { DrainingReadiness } from './draining';
import { LiveCalls } from './live-calls';
import { CallResume } from './resume';
import { ResumeRepository } from './resume.repository';
import { SessionsController } from './sessions.controller';
import { SessionsEvents } from './sessions.events';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { CallSettlement } from './settlement';
import { AgentUrlSigner } from './signed-url';
import { SessionSweeper } from './sweeper';

@Module({
  controllers: [SessionsController, SessionsEvents, ElevenLabsController],
  providers: [
    SessionsRepository,
    SessionsService,
    CreditLedgerRepository,
    CreditLedger,
    CallSettlement,
    SessionSweeper,
    ResumeRepository,
    CallResume,
    AgentUrlSigner,
    ElevenLabsClient,
    ElevenLabsCalls,
    LiveCalls,
  ],
  exports: [SessionsRepository, ResumeRepository, CallSettlement, AgentUrlSigner, LiveCalls],
})
export class SessionsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(DrainingReadiness).forRoutes({ path: 'readyz', method: RequestMethod.GET });
  }
}
