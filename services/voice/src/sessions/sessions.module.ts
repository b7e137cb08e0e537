import { Module } from '@nestjs/common';
import { ElevenLabsCalls } from '../elevenlabs/elevenlabs-calls.service';
import { ElevenLabsClient } from '../elevenlabs/elevenlabs.client';
import { ElevenLabsController } from '../elevenlabs/elevenlabs.controller';
import { LiveCalls } from './live-calls';
import { SessionsController } from './sessions.controller';
import { SessionsEvents } from './sessions.events';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { AgentUrlSigner } from './signed-url';

@Module({
  controllers: [SessionsController, SessionsEvents, ElevenLabsController],
  providers: [SessionsRepository, SessionsService, AgentUrlSigner, ElevenLabsClient, ElevenLabsCalls, LiveCalls],
  exports: [SessionsRepository, SessionsService, AgentUrlSigner, LiveCalls],
})
export class SessionsModule {}
