import { Module } from '@nestjs/common';
import { LiveCalls } from '../sessions/live-calls';
import { SessionsModule } from '../sessions/sessions.module';
import { AgentServer } from './agent.server';
import { SpeechSynthesizer } from './speech';
import { Transcriber } from './transcriber';

/** The local interviewer: the default when ElevenLabs is not configured. */
@Module({ imports: [SessionsModule], providers: [AgentServer, SpeechSynthesizer, Transcriber] })
export class AgentModule {
  /** The voice is readied when a call's URL is signed, a moment before the browser connects with it. */
  constructor(calls: LiveCalls, speech: SpeechSynthesizer) {
    calls.onExpected(() => speech.prepare());
  }
}
