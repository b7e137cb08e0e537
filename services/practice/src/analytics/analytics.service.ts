import { Injectable } from '@nestjs/common';
import type { PracticeAnalytics } from '@app/contracts';
import { LRUCache } from 'lru-cache';
import { AnalyticsRepository } from './analytics.repository';

interface Kept {
  key: string;
  summary: PracticeAnalytics;
}

/** Retention decays by well under 1 % a minute, and a day turns over once: a summary is reused for at most a minute. */
const TTL_MS = 60_000;
/** Summaries kept at once (~4 KB each), least recently used dropped first. */
const MAX_KEPT = 2_000;

/**
 * The summary is one SQL statement over all the caller's questions and 12 weeks of sessions (tens of
 * ms for 2,000 and 20,000). While nothing it reads has changed (the caller's list version and mock
 * interview count, one round trip) and for at most a minute, it is answered from memory.
 */
@Injectable()
export class AnalyticsService {
  private readonly kept = new LRUCache<string, Kept>({ max: MAX_KEPT, ttl: TTL_MS });

  constructor(private readonly analytics: AnalyticsRepository) {}

  async summary(userId: string, timeZone: string): Promise<PracticeAnalytics> {
    const key = `${await this.analytics.inputsVersion(userId)}|${timeZone}`;
    const id = `${userId}|${timeZone}`;
    const hit = this.kept.get(id);
    if (hit && hit.key === key) return hit.summary;
    const summary = await this.analytics.summary(userId, timeZone);
    this.kept.set(id, { key, summary });
    return summary;
  }
}
