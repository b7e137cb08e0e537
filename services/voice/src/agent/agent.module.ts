import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { AgentServer } from './agent.server';
import { SpeechSynthesizer } from './speech';
import { Transcriber } from './transcriber';

/** The local interviewer: the default when ElevenLabs is not configured. */
@Module({ imports: [SessionsModule], providers: [AgentServer, SpeechSynthesizer, Transcriber] })
export class AgentModule {}
