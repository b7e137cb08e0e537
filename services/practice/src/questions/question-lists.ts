import { ListOrder, QuestionListItem, retentionScore } from '@app/contracts';
import { LRUCache } from 'lru-cache';
import { ListBody } from './list-body';
import type { QuestionListSource, QuestionRow } from './questions.repository';

/** One question as its list shows it: the row (retention is computed from it) and its JSON. */
interface KeptQuestion {
  row: QuestionRow;
  json: string;
}

interface KeptList {
  version: string;
  /** When retention was computed for the whole list. */
  scoredAt: number;
  questions: Map<string, KeptQuestion>;
  body: ListBody;
  /** The same questions ordered by due date, made on the first request for it. */
  byDue?: ListBody;
  /** Memory held, estimated from the JSON (measured: ~2.6 MB of RSS per 2,000-question list). */
  bytes: number;
}

export interface QuestionListsOptions {
  /** Retention decays by well under 1 % a minute: a list is rescored at most this often. */
  ttlMs?: number;
  /** Lists kept at once, in estimated bytes (least recently used go first). */
  maxBytes?: number;
  now?: () => number;
}

/**
 * Each caller's question list, kept ready to send. The list is read far more often than written:
 * while the caller's version (one primary-key lookup, so every replica stays exact) is unchanged
 * and for at most a minute, a read costs that lookup. After a change only the questions whose row
 * version moved are read again (usually one: the question just reviewed), the rest is reused, and
 * the JSON is put together from each question's kept JSON. Concurrent reads of one version share
 * one build.
 */
export class QuestionLists {
  private readonly lists: LRUCache<string, KeptList>;
  private readonly building = new Map<string, { version: string; list: Promise<KeptList> }>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly source: QuestionListSource,
    options: QuestionListsOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    // A list larger than the budget is not kept at all (lru-cache's maxEntrySize defaults to maxSize).
    this.lists = new LRUCache({ maxSize: options.maxBytes ?? 64 * 1024 * 1024, sizeCalculation: (list) => list.bytes });
    this.now = options.now ?? Date.now;
  }

  /**
   * The caller's list as it is now. The version is read before the rows, so a list is never
   * labelled newer than the data it was built from.
   */
  async body(userId: string, order: ListOrder = 'newest'): Promise<ListBody> {
    const list = await this.current(userId);
    if (order === 'newest') return list.body;
    if (!list.byDue) {
      // Earliest due first (ISO instants in UTC sort as text), the list order breaking ties.
      const questions = [...list.questions.values()].sort((a, b) => (a.row.due_at < b.row.due_at ? -1 : a.row.due_at > b.row.due_at ? 1 : 0));
      list.byDue = new ListBody(Buffer.from(`[${questions.map((q) => q.json).join(',')}]`));
      list.bytes += list.byDue.json.length;
      // lru-cache sizes an entry when it is added: added again, the kept list counts this order too.
      if (this.lists.peek(userId) === list) {
        this.lists.delete(userId);
        this.lists.set(userId, list);
      }
    }
    return list.byDue;
  }

  private async current(userId: string): Promise<KeptList> {
    const version = await this.source.listVersion(userId);
    const kept = this.lists.get(userId);
    // Past its minute a list is still the base of the next build (only changed rows are read again).
    if (kept && kept.version === version && this.now() - kept.scoredAt < this.ttlMs) return kept;
    const pending = this.building.get(userId);
    if (pending?.version === version) return pending.list;
    const list = this.build(userId, version, kept);
    this.building.set(userId, { version, list });
    const done = () => {
      if (this.building.get(userId)?.list === list) this.building.delete(userId);
    };
    list.then(done, done);
    return list;
  }

  forget(userId: string): void {
    this.lists.delete(userId);
  }

  get size(): number {
    return this.lists.size;
  }

  private async build(userId: string, version: string, kept: KeptList | undefined): Promise<KeptList> {
    const now = this.now();
    let order: string[];
    let changed: QuestionRow[];
    if (kept) {
      const index = await this.source.listIndex(userId);
      order = index.map((q) => q.id);
      const stale = index.filter((q) => kept.questions.get(q.id)?.row.row_version !== q.row_version).map((q) => q.id);
      changed = stale.length > 0 ? await this.source.listRows(userId, stale) : [];
    } else {
      changed = await this.source.listRows(userId);
      order = changed.map((q) => q.id);
    }
    const rescore = !kept || now - kept.scoredAt >= this.ttlMs;
    const reread = new Map(changed.map((row) => [row.id, row]));
    const questions = new Map<string, KeptQuestion>();
    const parts: string[] = [];
    let rowBytes = 0;
    for (const id of order) {
      const row = reread.get(id);
      const before = kept?.questions.get(id);
      // Neither reread nor kept: deleted between the two reads; the next version drops it anyway.
      if (!row && !before) continue;
      const question = row ? present(row, now) : rescore ? present(before!.row, now) : before!;
      questions.set(id, question);
      parts.push(question.json);
      rowBytes += question.json.length;
    }
    const body = new ListBody(Buffer.from(`[${parts.join(',')}]`));
    const list: KeptList = { version, scoredAt: rescore ? now : kept!.scoredAt, questions, body, bytes: body.json.length + 5 * rowBytes };
    this.lists.set(userId, list);
    return list;
  }
}

/** The list item of one question, retention from the shared scoring code, fields spelled out (hot path). */
function present(row: QuestionRow, now: number): KeptQuestion {
  const item: QuestionListItem = {
    id: row.id,
    title: row.title,
    difficulty: row.difficulty,
    tags: row.tags,
    created_at: row.created_at,
    retention: retentionScore(row.recent, new Date(now)),
    last_solved_at: row.last_solved_at,
    due_at: row.due_at,
    session_count: row.session_count,
  };
  return { row, json: JSON.stringify(item) };
}
