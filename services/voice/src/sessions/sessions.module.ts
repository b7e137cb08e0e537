import { Module } from '@nestjs/common';
import { ElevenLabsClient } from '../elevenlabs/elevenlabs.client';
import { LiveCalls } from './live-calls';
import { SessionsController } from './sessions.controller';
import { SessionsEvents } from './sessions.events';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { AgentUrlSigner } from './signed-url';

@Module({
  controllers: [SessionsController, SessionsEvents],
  providers: [SessionsRepository, SessionsService, AgentUrlSigner, ElevenLabsClient, LiveCalls],
  exports: [SessionsRepository, SessionsService, AgentUrlSigner, LiveCalls],
})
export class SessionsModule {}
