import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { LOGGER, Logger, SERVICE_CONFIG } from '@app/service-kit';
import type { PracticeConfig } from '../config';
import { DigestService } from './digest.service';

/**
 * Runs the daily review e-mail job every REVIEW_DIGEST_INTERVAL_SECONDS in each replica; the
 * per-user, per-day claim in review_digests makes one digest a day of them all.
 */
@Injectable()
export class DigestScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly digests: DigestService,
    @Inject(SERVICE_CONFIG) private readonly config: PracticeConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    let running = false;
    const run = () => {
      // A slow pass is not overlapped by the next tick of the same replica.
      if (running) return;
      running = true;
      this.digests
        .run()
        .catch((err: Error) => this.logger.warn({ err: err.message }, 'daily review e-mails could not be prepared; next run retries'))
        .finally(() => (running = false));
    };
    run();
    this.timer = setInterval(run, this.config.REVIEW_DIGEST_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
