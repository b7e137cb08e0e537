import { z } from 'zod';
import { difficulties } from './practice';

/**
 * The one vocabulary of topic tags: LeetCode's topic names. Catalogue problems carry only these;
 * the add dialog suggests them for a custom problem.
 */
export const topicTags = [
  'Array',
  'String',
  'Hash Table',
  'Dynamic Programming',
  'Math',
  'Sorting',
  'Greedy',
  'Depth-First Search',
  'Breadth-First Search',
  'Binary Search',
  'Tree',
  'Binary Tree',
  'Binary Search Tree',
  'Matrix',
  'Two Pointers',
  'Bit Manipulation',
  'Heap (Priority Queue)',
  'Stack',
  'Monotonic Stack',
  'Queue',
  'Monotonic Queue',
  'Prefix Sum',
  'Graph',
  'Topological Sort',
  'Shortest Path',
  'Minimum Spanning Tree',
  'Eulerian Circuit',
  'Union Find',
  'Simulation',
  'Design',
  'Counting',
  'Backtracking',
  'Sliding Window',
  'Linked List',
  'Doubly-Linked List',
  'Ordered Set',
  'Trie',
  'Recursion',
  'Memoization',
  'Divide and Conquer',
  'Geometry',
  'Interactive',
  'Iterator',
  'Data Stream',
  'Randomized',
  'Quickselect',
  'Bucket Sort',
  'Counting Sort',
  'Radix Sort',
  'Merge Sort',
  'Combinatorics',
  'Number Theory',
  'Enumeration',
  'String Matching',
  'Rolling Hash',
  'Hash Function',
  'Game Theory',
  'Brainteaser',
  'Segment Tree',
  'Binary Indexed Tree',
  'Line Sweep',
] as const;
export type TopicTag = (typeof topicTags)[number];

/** The curated lists, by their published membership. */
export const catalogueLists = [
  { id: 'blind-75', name: 'Blind 75' },
  { id: 'neetcode-150', name: 'NeetCode 150' },
  { id: 'grind-75', name: 'Grind 75' },
] as const;
export type CatalogueListId = (typeof catalogueLists)[number]['id'];
const listIds = catalogueLists.map((l) => l.id) as [CatalogueListId, ...CatalogueListId[]];

/**
 * "Pow(x, n)" → "powx-n": LeetCode's slug rule (lower case, punctuation dropped, runs of spaces and
 * hyphens one hyphen), which also gives a custom title a plausible problem link.
 */
export const problemSlug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-');

export const problemLink = (slug: string) => `https://leetcode.com/problems/${slug}/`;

export const catalogueMessages = {
  q: 'Search must be at most 100 characters',
  list: `List must be one of ${listIds.join(', ')}`,
  limit: 'Limit must be a whole number from 1 to 200',
  noList: 'There is no such list',
} as const;

/** GET /api/leetcode-questions/catalogue: title words or a number; a list alone lists it whole. */
export const catalogueQuerySchema = z.object({
  q: z.string({ error: catalogueMessages.q }).max(100, { message: catalogueMessages.q }).default(''),
  list: z.enum(listIds, { message: catalogueMessages.list }).optional(),
  limit: z.coerce
    .number({ error: catalogueMessages.limit })
    .int({ message: catalogueMessages.limit })
    .min(1, { message: catalogueMessages.limit })
    .max(200, { message: catalogueMessages.limit })
    .default(20),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const catalogueProblemSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  slug: z.string(),
  difficulty: z.enum(difficulties),
  tags: z.array(z.string()),
  link: z.string(),
  lists: z.array(z.enum(listIds)),
});
export type CatalogueProblem = z.infer<typeof catalogueProblemSchema>;

export const catalogueListSchema = z.object({ id: z.enum(listIds), name: z.string(), size: z.number().int() });
export type CatalogueList = z.infer<typeof catalogueListSchema>;

export const catalogueListParamsSchema = z.object({ list: z.enum(listIds) });

/** What "Add list" did: the problems it added, and those the caller already tracked (by title, ignoring case). */
export const addListResultSchema = z.object({ added: z.number().int(), already_tracked: z.number().int() });
export type AddListResult = z.infer<typeof addListResultSchema>;

/** "Added 37 problems, 38 already tracked". */
export const addListSummary = ({ added, already_tracked }: AddListResult) =>
  `Added ${added} problem${added === 1 ? '' : 's'}, ${already_tracked} already tracked`;
