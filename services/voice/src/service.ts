import path from 'node:path';
import { Global, Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { AgentModule } from './agent/agent.module';
import { CLOCK, Clock, systemClock } from './clock';
import { voiceConfigShape } from './config';
import { SessionsModule } from './sessions/sessions.module';

export interface VoiceServiceOptions {
  /** Tests jump past a call's limit with their own clock. */
  clock?: Clock;
}

/** Credits, AI mock interview sessions and the local interviewer agent (or ElevenLabs when configured). */
export function createVoiceService(options: VoiceServiceOptions = {}): ServiceDefinition<typeof voiceConfigShape> {
  @Global()
  @Module({ providers: [{ provide: CLOCK, useValue: options.clock ?? systemClock }], exports: [CLOCK] })
  class ClockModule {}

  @Module({ imports: [ClockModule, SessionsModule, AgentModule] })
  class VoiceAppModule {}

  return {
    name: 'voice',
    module: VoiceAppModule,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    config: voiceConfigShape,
  };
}

export const voiceService = createVoiceService();
