import { problemSlug } from '@app/contracts';
import { dueLabel, hasAnyTag, keepReviewDraft, matchesSearch, parseTagFilter, takeReviewDraft } from './helpers';

describe('problem links', () => {
  it.each([
    ['Two Sum', 'two-sum'],
    ['  Longest Substring Without Repeating Characters ', 'longest-substring-without-repeating-characters'],
    ['LRU  Cache', 'lru-cache'],
    ['Pow(x, n)', 'powx-n'],
    ['Two Sum II - Input Array Is Sorted', 'two-sum-ii-input-array-is-sorted'],
  ])('%j → %s', (title, slug) => expect(problemSlug(title)).toBe(slug));
});

describe('title search', () => {
  it.each([
    ['Two Sum', '', true],
    ['Two Sum', '  ,  ', true],
    ['Two Sum', 'sum', true],
    ['Two Sum', 'TWO', true],
    ['Two Sum', 'tree, sum', true],
    ['Two Sum', 'tree, graph', false],
    ['Binary Tree Paths', 'tree,', true],
  ])('%j with %j: %s', (title, search, expected) => expect(matchesSearch(title, search)).toBe(expected));
});

describe('?tags= filter', () => {
  it.each([
    [null, []],
    ['', []],
    ['Graphs, Trees,,', ['Graphs', 'Trees']],
  ])('%j → %j', (param, tags) => expect(parseTagFilter(param)).toEqual(tags));

  it.each([
    ['graphs,bfs', ['Graphs', 'Trees'], true],
    ['arrays', ['Graphs', 'Trees'], false],
    [null, ['Graphs'], false],
    [null, [], true],
    ['dynamic programming, trees', ['TREES'], true],
  ])('%j with %j: %s', (tags, wanted, expected) => expect(hasAnyTag(tags, wanted)).toBe(expected));
});

describe('due label (local calendar days)', () => {
  const now = new Date(2026, 5, 10, 9, 30);
  it.each([
    [new Date(2026, 5, 10, 23, 59), 'Today'],
    [new Date(2026, 5, 10, 0, 1), 'Today'],
    [new Date(2026, 5, 9, 23, 0), '1 day overdue'],
    [new Date(2026, 4, 31, 8, 0), '10 days overdue'],
    [new Date(2026, 5, 11, 0, 0), 'in 1 day'],
    [new Date(2026, 6, 10, 12, 0), 'in 30 days'],
  ])('%s → %s', (due, label) => expect(dueLabel(due.toISOString(), now)).toBe(label));

  it("counts the candidate's calendar days when they have a time zone", () => {
    // 23:00 UTC on 10 June: already 11 June in Tokyo, still 10 June in New York.
    const late = new Date('2026-06-10T23:00:00Z');
    expect(dueLabel('2026-06-10T14:00:00Z', late, 'Asia/Tokyo')).toBe('1 day overdue');
    expect(dueLabel('2026-06-10T14:00:00Z', late, 'America/New_York')).toBe('Today');
    expect(dueLabel('2026-06-11T01:00:00Z', late, 'Asia/Tokyo')).toBe('Today');
    expect(dueLabel('2026-06-12T16:00:00Z', late, 'America/New_York')).toBe('in 2 days');
  });
});

describe('review drafts kept across signing in again', () => {
  const store = new Map<string, string>();
  beforeAll(() => {
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    });
  });

  it('gives a draft back once, for its own question only', () => {
    const draft = { errors: ['runtime_error'], submissions: '3', minutes: '25', notes: 'merged' };
    keepReviewDraft('q1', draft);
    expect(takeReviewDraft('q2')).toBeUndefined();
    expect(takeReviewDraft('q1')).toEqual(draft);
    expect(takeReviewDraft('q1')).toBeUndefined();
  });

  it('ignores what is not a draft', () => {
    store.set('leetcode:review-draft:q3', '{not json');
    expect(takeReviewDraft('q3')).toBeUndefined();
    store.set('leetcode:review-draft:q4', JSON.stringify({ errors: ['wrong_answer', 7], notes: 42 }));
    expect(takeReviewDraft('q4')).toEqual({ errors: ['wrong_answer'], submissions: '', minutes: '', notes: '' });
  });
});
