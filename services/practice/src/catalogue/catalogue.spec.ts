import { catalogueLists, problemSlug, problemTopics, topicTags } from '@app/contracts';
import { Catalogue } from './catalogue';
import { listMembers, problems } from './problems';

describe('the catalogue data', () => {
  it('has at least 300 problems, each number, title and slug once', () => {
    expect(problems.length).toBeGreaterThanOrEqual(300);
    const distinct = (values: unknown[]) => new Set(values).size;
    expect(distinct(problems.map((p) => p[0]))).toBe(problems.length);
    expect(distinct(problems.map((p) => p[1].toLowerCase()))).toBe(problems.length);
    expect(distinct(problems.map((p) => problemSlug(p[1])))).toBe(problems.length);
  });

  it('tags every problem from the one vocabulary', () => {
    const vocabulary = new Set<string>(topicTags);
    for (const [number, , , tags] of problems) {
      expect(tags.length).toBeGreaterThan(0);
      expect({ number, unknown: tags.split(',').filter((t) => !vocabulary.has(t)) }).toEqual({ number, unknown: [] });
    }
  });

  it('has problems of every problem topic an interview report offers, so "Practise these topics" finds some', () => {
    const tagged = new Set(problems.flatMap(([, , , tags]) => tags.split(',')));
    expect(problemTopics.filter((topic) => !tagged.has(topic))).toEqual([]);
  });

  it.each([
    ['blind-75', 75],
    ['neetcode-150', 150],
    ['grind-75', 75],
  ] as const)('%s has %d distinct problems, all in the catalogue', (list, size) => {
    const numbers = new Set(problems.map((p) => p[0]));
    expect(listMembers[list]).toHaveLength(size);
    expect(new Set(listMembers[list]).size).toBe(size);
    expect(listMembers[list].filter((n) => !numbers.has(n))).toEqual([]);
  });

  it('gives LeetCode slugs for titles with punctuation', () => {
    expect(problemSlug('Pow(x, n)')).toBe('powx-n');
    expect(problemSlug('Two Sum II - Input Array Is Sorted')).toBe('two-sum-ii-input-array-is-sorted');
    expect(problemSlug("Pascal's Triangle")).toBe('pascals-triangle');
    expect(problemSlug('Implement Trie (Prefix Tree)')).toBe('implement-trie-prefix-tree');
  });
});

describe('catalogue search', () => {
  const catalogue = new Catalogue();
  const titles = (q: string, list?: (typeof catalogueLists)[number]['id'], limit = 20) => catalogue.search({ q, list, limit }).map((p) => p.title);

  it('finds a title as it is typed, best match first', () => {
    expect(titles('two s')[0]).toBe('Two Sum');
    expect(titles('two s')).toContain('Two Sum II - Input Array Is Sorted');
    expect(titles('TWO   SUM')[0]).toBe('Two Sum');
    expect(titles('sum', undefined, 200)).toContain('3Sum');
  });

  it('finds a problem by its number first', () => {
    expect(titles('1')[0]).toBe('Two Sum');
    expect(titles('146')[0]).toBe('LRU Cache');
  });

  it('keeps to a list, in its order when nothing is typed', () => {
    expect(titles('', 'neetcode-150', 3)).toEqual(['Contains Duplicate', 'Valid Anagram', 'Two Sum']);
    expect(titles('', 'blind-75', 200)).toHaveLength(75);
    expect(titles('calculator', 'grind-75')).toEqual(['Basic Calculator']);
  });

  it('gives each problem its link, tags and lists', () => {
    expect(catalogue.search({ q: 'pow(x', limit: 1 })[0]).toEqual({
      number: 50,
      title: 'Pow(x, n)',
      slug: 'powx-n',
      difficulty: 'Medium',
      tags: ['Math', 'Recursion'],
      link: 'https://leetcode.com/problems/powx-n/',
      lists: ['neetcode-150'],
    });
    expect(catalogue.lists()).toEqual([
      { id: 'blind-75', name: 'Blind 75', size: 75 },
      { id: 'neetcode-150', name: 'NeetCode 150', size: 150 },
      { id: 'grind-75', name: 'Grind 75', size: 75 },
    ]);
  });

  it('answers nothing for what matches nothing', () => {
    expect(titles('zzzz qqq')).toEqual([]);
    expect(titles('!!!')).toHaveLength(20);
  });
});
