import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LOGGER, Logger, SERVICE_CONFIG } from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';
import { LiveCalls } from './live-calls';
import { SessionsRepository } from './sessions.repository';
import { CallSettlement, limitSeconds } from './settlement';

/** The server's side of the limits, every VOICE_SWEEP_INTERVAL_MS: whatever the page does, no call outlives them. */
@Injectable()
export class SessionSweeper implements OnModuleInit, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly settlement: CallSettlement,
    private readonly calls: LiveCalls,
    @Inject(SERVICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((err: Error) => this.logger.warn({ err }, 'voice session sweep failed'));
    }, this.config.VOICE_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Calls past 20 minutes or their resume window end, URLs never used are refunded. */
  async sweep(): Promise<number> {
    const now = new Date(this.clock.now());
    const overdue = await this.sessions.overdue(now, limitSeconds, this.config.VOICE_URL_TTL_SECONDS + 30);
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
