import { retentionScore } from '@app/contracts';
import { QuestionLists } from './question-lists';
import type { QuestionListSource, QuestionRow } from './questions.repository';

const day = 86_400_000;
const start = Date.parse('2026-11-22T12:00:00.000Z');

/** An in-memory stand-in for the repository that counts what it was asked to read. */
class FakeSource implements QuestionListSource {
  rows: QuestionRow[] = [];
  version = 1;
  rowReads: Array<string[] | 'all'> = [];
  indexReads = 0;
  private stamp = 0;

  add(title: string, at: number, recent: QuestionRow['recent'] = []): QuestionRow {
    const row: QuestionRow = {
      id: `00000000-0000-4000-8000-${String(this.stamp + 1).padStart(12, '0')}`,
      title,
      difficulty: 'Medium',
      tags: null,
      created_at: new Date(at).toISOString(),
      session_count: recent.length,
      last_solved_at: recent[0] ? String(recent[0].created_at) : null,
      due_at: new Date(at).toISOString(),
      recent,
      row_version: String(++this.stamp),
    };
    this.rows.unshift(row);
    this.version++;
    return row;
  }

  review(row: QuestionRow, correctness: number, at: number) {
    row.recent = [{ correctness, confidence: correctness, timer: 20, created_at: new Date(at).toISOString() }, ...row.recent].slice(0, 3);
    row.session_count++;
    row.last_solved_at = new Date(at).toISOString();
    row.row_version = String(++this.stamp);
    this.version++;
  }

  remove(row: QuestionRow) {
    this.rows = this.rows.filter((r) => r !== row);
    this.version++;
  }

  async listVersion() {
    return String(this.version);
  }
  async listIndex() {
    this.indexReads++;
    return this.rows.map((r) => ({ id: r.id, row_version: r.row_version }));
  }
  async listRows(_userId: string, ids?: string[]) {
    this.rowReads.push(ids ?? 'all');
    return structuredClone(ids ? this.rows.filter((r) => ids.includes(r.id)) : this.rows);
  }
}

/** What a list must say: every question, newest first, retention from the shared function at `now`. */
const expected = (source: FakeSource, now: number) =>
  source.rows.map((r) => ({
    id: r.id,
    title: r.title,
    difficulty: r.difficulty,
    tags: r.tags,
    created_at: r.created_at,
    retention: retentionScore(r.recent, new Date(now)),
    last_solved_at: r.last_solved_at,
    due_at: r.due_at,
    session_count: r.session_count,
  }));

const parse = async (lists: QuestionLists) => JSON.parse((await lists.body('u1')).json.toString());

describe('QuestionLists', () => {
  const setup = () => {
    const clock = { now: start };
    const source = new FakeSource();
    const lists = new QuestionLists(source, { now: () => clock.now, ttlMs: 60_000 });
    const a = source.add('Two Sum', start - 3 * day, [{ correctness: 80, confidence: 60, timer: 10, created_at: new Date(start - 2 * day).toISOString() }]);
    const b = source.add('LRU Cache', start - 2 * day);
    const c = source.add('Word Ladder', start - day, [{ correctness: 40, confidence: 30, timer: 45, created_at: new Date(start - 10 * day).toISOString() }]);
    return { clock, source, lists, questions: [a, b, c] };
  };

  it('builds once per version, and concurrent reads share the build', async () => {
    const { source, lists } = setup();
    const [x, y] = await Promise.all([lists.body('u1'), lists.body('u1')]);
    expect(x).toBe(y);
    expect(await lists.body('u1')).toBe(x);
    expect(source.rowReads).toEqual(['all']);
    expect(JSON.parse(x.json.toString())).toEqual(expected(source, start));
  });

  it('after a review rereads only the reviewed question, and says what a full build would', async () => {
    const { clock, source, lists, questions } = setup();
    await lists.body('u1');
    clock.now += 5_000;
    source.review(questions[1], 90, clock.now);
    const list = await parse(lists);
    expect(source.rowReads).toEqual(['all', [questions[1].id]]);
    expect(list).toEqual(expected(source, start).map((q) => (q.id === questions[1].id ? expected(source, clock.now).find((e) => e.id === q.id) : q)));
    expect(list.find((q: { id: string }) => q.id === questions[1].id)).toMatchObject({ session_count: 1, retention: 90 });
  });

  it('shows added questions first and drops deleted ones, reading only the new rows', async () => {
    const { source, lists, questions } = setup();
    await lists.body('u1');
    source.remove(questions[0]);
    expect((await parse(lists)).map((q: { title: string }) => q.title)).toEqual(['Word Ladder', 'LRU Cache']);
    const added = source.add('Median of Two Sorted Arrays', start);
    expect((await parse(lists)).map((q: { title: string }) => q.title)).toEqual(['Median of Two Sorted Arrays', 'Word Ladder', 'LRU Cache']);
    expect(source.rowReads).toEqual(['all', [added.id]]);
  });

  it('rescores every question after the TTL without reading the rows again', async () => {
    const { clock, source, lists } = setup();
    const first = await lists.body('u1');
    clock.now += 59_999;
    expect(await lists.body('u1')).toBe(first);
    clock.now += 20 * day;
    const later = await parse(lists);
    expect(later).toEqual(expected(source, clock.now));
    expect(later).not.toEqual(expected(source, start));
    expect(source.rowReads).toEqual(['all']);
    expect(source.indexReads).toBe(1);
  });

  it('forgets the least recently used lists beyond its byte budget', async () => {
    const source = new FakeSource();
    source.add('x'.repeat(400), start);
    const lists = new QuestionLists(source, { maxBytes: 8_000, now: () => start }); // ~3.3 KB a list
    const a = await lists.body('a');
    const b = await lists.body('b');
    expect(await lists.body('a')).toBe(a); // a is now the most recently used
    await lists.body('c');
    expect(lists.size).toBe(2);
    expect(await lists.body('a')).toBe(a);
    expect(await lists.body('b')).not.toBe(b);
    lists.forget('a');
    expect(await lists.body('a')).not.toBe(a);
  });
});
