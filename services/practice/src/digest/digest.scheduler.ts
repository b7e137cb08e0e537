import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { JobRunner, SERVICE_CONFIG } from '@app/service-kit';
import type { PracticeConfig } from '../config';
import { DigestService } from './digest.service';

/**
 * The daily review e-mail job, run by the kit's job runner every REVIEW_DIGEST_INTERVAL_SECONDS
 * on one replica at a time; the per-user, per-day claim in review_digests makes one digest a day
 * whatever runs it.
 */
@Injectable()
export class DigestScheduler implements OnModuleInit {
  constructor(
    private readonly digests: DigestService,
    @Inject(JobRunner) private readonly jobs: JobRunner,
    @Inject(SERVICE_CONFIG) private readonly config: PracticeConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define({ name: 'review-digest', everyMs: this.config.REVIEW_DIGEST_INTERVAL_SECONDS * 1000, run: () => this.digests.run() });
  }
}
