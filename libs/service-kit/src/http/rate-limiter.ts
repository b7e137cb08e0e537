/**
 * A token bucket per key, in memory: `burst` calls at once, then `perSecond` on average. The
 * gateway's first shield per signed-in user, per replica on purpose, as Envoy's local rate limit:
 * it has no database, and it only spares the services calls; each user's share that holds across
 * replicas is counted by the services (UserShares, docs/limits.md).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; returns seconds until one is available when the bucket is empty, else 0. */
  take(key: string): number {
    const now = this.now();
    // A bucket refilled to the brim is the same as none: dropped, so the map holds active keys only.
    if (this.buckets.size > 10_000)
      for (const [k, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(k);
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return (1 - bucket.tokens) / this.perSecond;
  }
}
