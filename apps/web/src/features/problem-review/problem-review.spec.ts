import { problemSlug } from '@app/contracts';
import { dueLabel, hasAnyTag, keepReviewDraft, matchesSearch, parseTagFilter, readReviewDraft, sessionKeyAction } from './helpers';

describe('problem links', () => {
  it.each([
    ['Two Sum', 'two-sum'],
    ['  Longest Substring Without Repeating Characters ', 'longest-substring-without-repeating-characters'],
    ['LRU  Cache', 'lru-cache'],
    ['Pow(x, n)', 'powx-n'],
    ['Two Sum II - Input Array Is Sorted', 'two-sum-ii-input-array-is-sorted'],
  ])('%j → %s', (title, slug) => expect(problemSlug(title)).toBe(slug));
});

describe('search by title and tags', () => {
  it.each([
    ['Two Sum', null, '', true],
    ['Two Sum', null, '  ,  ', true],
    ['Two Sum', null, 'sum', true],
    ['Two Sum', null, 'TWO', true],
    ['Two Sum', null, 'tree, sum', true],
    ['Two Sum', null, 'tree, graph', false],
    ['Two Sum', 'Array, Hash Table', 'hash table', true],
    ['Two Sum', 'Array, Hash Table', 'graph', false],
    ['Binary Tree Paths', null, 'tree,', true],
  ])('%j tagged %j with %j: %s', (title, tags, search, expected) => expect(matchesSearch({ title, tags }, search)).toBe(expected));
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

describe('review drafts kept per user until stored', () => {
  const store = new Map<string, string>();
  beforeAll(() => {
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    });
  });

  it('keeps a draft for its own user and problem, as often as it is read, until the form is emptied', () => {
    const draft = { errors: ['runtime_error'], submissions: '3', minutes: '25', notes: 'merged' };
    keepReviewDraft('u1', 'q1', draft);
    expect(readReviewDraft('u1', 'q2')).toBeUndefined();
    expect(readReviewDraft('u2', 'q1')).toBeUndefined();
    expect(readReviewDraft('u1', 'q1')).toEqual(draft);
    expect(readReviewDraft('u1', 'q1')).toEqual(draft);
    keepReviewDraft('u1', 'q1', { errors: [], submissions: '', minutes: '', notes: '' });
    expect(readReviewDraft('u1', 'q1')).toBeUndefined();
  });

  it('ignores what is not a draft', () => {
    store.set('leetcode:review-draft:u1:q3', '{not json');
    expect(readReviewDraft('u1', 'q3')).toBeUndefined();
    store.set('leetcode:review-draft:u1:q4', JSON.stringify({ errors: ['wrong_answer', 7], notes: 42 }));
    expect(readReviewDraft('u1', 'q4')).toEqual({ errors: ['wrong_answer'], submissions: '', minutes: '', notes: '' });
  });
});

describe('keys on "Review due"', () => {
  const press = (key: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) =>
    sessionKeyAction({ key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });
  it.each([
    [' ', {}, 'show-answer'],
    ['u', {}, 'undo'],
    ['z', { ctrlKey: true }, 'undo'],
    ['z', { metaKey: true }, 'undo'],
    ['Z', { ctrlKey: true }, 'undo'],
    // Redo, a plain z, Ctrl+U (view source), Shift+Space (scroll up) and Alt combinations are the browser's.
    ['z', { ctrlKey: true, shiftKey: true }, null],
    ['z', {}, null],
    ['u', { ctrlKey: true }, null],
    [' ', { shiftKey: true }, null],
    ['u', { altKey: true }, null],
    ['3', {}, null],
  ] as const)('%j %j → %s', (key, mods, action) => expect(press(key, mods)).toBe(action));
});
