import { matchesSearch, problemSlug } from './helpers';

describe('problem links', () => {
  it.each([
    ['Two Sum', 'two-sum'],
    ['  Longest Substring Without Repeating Characters ', 'longest-substring-without-repeating-characters'],
    ['LRU  Cache', 'lru-cache'],
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
