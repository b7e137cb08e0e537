/**
 * Answers kept ready while nothing they were read from has changed. Each is labelled with the
 * change count (see migration 0008) read *before* its rows, so an answer is never labelled newer
 * than its data; a read that finds another count builds again. Concurrent reads of one key at one
 * count share one build, and the least recently used answers go first past `maxBytes`.
 */
export class KeptAnswers<V> {
  private readonly kept = new Map<string, { changes: bigint; value: V; bytes: number }>();
  private readonly building = new Map<string, { changes: bigint; value: Promise<V> }>();
  private bytes = 0;

  constructor(
    private readonly sizeOf: (value: V) => number,
    private readonly maxBytes: number,
  ) {}

  async get(key: string, changes: bigint, build: () => Promise<V>): Promise<V> {
    const kept = this.kept.get(key);
    if (kept && kept.changes === changes) {
      // Most recently used last: a Map keeps insertion order.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.value;
    }
    const pending = this.building.get(key);
    if (pending && pending.changes === changes) return pending.value;
    const value = build();
    this.building.set(key, { changes, value });
    try {
      const built = await value;
      this.keep(key, changes, built);
      return built;
    } finally {
      if (this.building.get(key)?.value === value) this.building.delete(key);
    }
  }

  /** Memory held by kept answers, as estimated by `sizeOf`. */
  get heldBytes(): number {
    return this.bytes;
  }

  private keep(key: string, changes: bigint, value: V): void {
    const kept = this.kept.get(key);
    // A slower build of an older count must not replace a newer answer.
    if (kept && kept.changes > changes) return;
    if (kept) this.forget(key, kept.bytes);
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.kept.set(key, { changes, value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest, entry.bytes);
    }
  }

  private forget(key: string, bytes: number): void {
    this.kept.delete(key);
    this.bytes -= bytes;
  }
}
