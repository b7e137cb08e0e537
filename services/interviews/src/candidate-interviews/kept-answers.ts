import { LRUCache } from 'lru-cache';

/**
 * Answers kept ready while nothing they were read from has changed. Each is labelled with the
 * change count (see migration 0008) read *before* its rows, so an answer is never labelled newer
 * than its data; a read that finds another count builds again. Concurrent reads of one key at one
 * count share one build, and the least recently used answers go first past `maxBytes`.
 */
export class KeptAnswers<V> {
  private readonly kept: LRUCache<string, { changes: bigint; value: V }>;
  private readonly building = new Map<string, { changes: bigint; value: Promise<V> }>();

  constructor(sizeOf: (value: V) => number, maxBytes: number) {
    // An answer larger than maxBytes is not kept at all (lru-cache's maxEntrySize defaults to maxSize).
    this.kept = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, Math.ceil(sizeOf(entry.value))) });
  }

  async get(key: string, changes: bigint, build: () => Promise<V>): Promise<V> {
    const kept = this.kept.get(key);
    if (kept && kept.changes === changes) return kept.value;
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
    return this.kept.calculatedSize;
  }

  private keep(key: string, changes: bigint, value: V): void {
    // A slower build of an older count must not replace a newer answer.
    const kept = this.kept.peek(key);
    if (kept && kept.changes > changes) return;
    this.kept.set(key, { changes, value });
  }
}
