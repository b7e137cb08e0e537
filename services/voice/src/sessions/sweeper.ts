import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { JobRunner, SERVICE_CONFIG } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';
import { LiveCalls } from './live-calls';
import { SessionsRepository } from './sessions.repository';
import { CallSettlement } from './settlement';

/**
 * The server's side of the limits, every VOICE_SWEEP_INTERVAL_MS on one replica at a time (a job
 * of the kit's runner): whatever the page does, no call outlives them.
 */
@Injectable()
export class SessionSweeper implements OnModuleInit {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly settlement: CallSettlement,
    private readonly calls: LiveCalls,
    @Inject(SERVICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(JobRunner) private readonly jobs: JobRunner,
  ) {}

  onModuleInit(): void {
    this.jobs.define({ name: 'voice-session-sweep', everyMs: this.config.VOICE_SWEEP_INTERVAL_MS, run: () => this.sweep() });
  }

  /** Calls past their chosen length or their resume window end, URLs never used are refunded. */
  async sweep(): Promise<number> {
    const now = new Date(this.clock.now());
    const overdue = await this.sessions.overdue(now, this.config.VOICE_URL_TTL_SECONDS + 30);
    for (const { id, provider, conversation_id } of overdue) {
      // ElevenLabs' record, when the server knows which conversation to ask about; else the call is charged.
      const remote = provider === 'elevenlabs' && conversation_id ? await this.settlement.elevenLabsRecord(id, conversation_id) : undefined;
      await this.settlement.finish(id, 'time_limit', { remote });
      // Whichever replica holds the socket tells the browser.
      if (provider === 'local') await this.calls.timeUp(id);
    }
    return overdue.length;
  }
}
