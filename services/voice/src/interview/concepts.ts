import { Concept, systemDesignConcepts } from '@app/contracts';

export type { Concept };

const concept = (name: string, says: string[], probe: string): Concept => ({ name, says, probe });

/**
 * What a good answer covers (libs/contracts' Concept): coding and behavioural concepts here, and
 * the system design vocabulary shared with System Design's review (issue 36).
 */
export const concepts = {
  hashMap: concept(
    'hash map',
    [
      'hash ?maps?',
      'hash ?tables?',
      'hash ?sets?',
      'dictionar(y|ies)',
      'lookup tables?',
      'maps? (from|each)',
      'a set',
      'set of',
      'counts? of each',
      'frequenc(y|ies)',
    ],
    'Is there a data structure that would let you look things up in constant time?',
  ),
  timeComplexity: concept(
    'time complexity',
    ['o (of|n|1|log|k|m|v)', 'big o', 'linear', 'logarithmic', 'log ?n', 'n log', 'quadratic', 'n squared', 'constant time', 'time complexity', 'complexity'],
    'What is the time complexity of your approach?',
  ),
  spaceComplexity: concept('space complexity', ['space', 'memory', 'extra storage', 'in place', 'auxiliary'], 'And how much extra memory does it use?'),
  edgeCases: concept(
    'edge cases',
    [
      'edge cases?',
      'corner cases?',
      'empty',
      'null',
      'zero',
      'negative',
      'duplicates?',
      'overflow',
      'single (element|node|character)',
      'invalid',
      'boundar(y|ies)',
    ],
    'Which edge cases would you test, for example an empty input?',
  ),
  twoPointers: concept(
    'two pointers',
    ['two pointers?', 'left and right', 'start and end', 'both ends', 'slow and fast', 'fast and slow', 'sliding window', 'window'],
    'Could two indexes moving through the input avoid the extra work?',
  ),
  sorting: concept('sorting', ['sort(ed|ing)?', 'order(ed)? by'], 'Would sorting the input first help?'),
  binarySearch: concept(
    'binary search',
    ['binary search', 'halv(e|ing)', 'half', 'middle', 'mid ?point', 'log ?n'],
    'The input is ordered: how could you use that to discard half of it at each step?',
  ),
  recursion: concept(
    'recursion',
    ['recurs(ion|ive|ively|e)', 'call (it|itself)', 'base case', 'subtrees?'],
    'How would a recursive solution look, and what is its base case?',
  ),
  breadthFirst: concept(
    'breadth-first search',
    ['breadth', 'bfs', 'level by level', 'level order', 'queue', 'layer'],
    'Which traversal finds the shortest path in an unweighted graph?',
  ),
  depthFirst: concept(
    'depth-first search',
    ['depth', 'dfs', 'recurs(ion|ive|ively|e)', 'backtrack', 'stack', 'flood fill'],
    'How would you explore everything reachable from one cell or node?',
  ),
  visited: concept(
    'visited set',
    ['visited', 'seen', 'mark(ed|ing)?', 'already (been|processed)', 'cycles?'],
    'How do you avoid processing the same node twice?',
  ),
  stack: concept('stack', ['stacks?', 'push', 'pop', 'last in first out', 'lifo'], 'Is there a data structure that gives you the most recent item first?'),
  queue: concept('queue', ['queues?', 'enqueue', 'dequeue', 'first in first out', 'fifo'], 'Which data structure keeps items in the order they arrived?'),
  heap: concept(
    'heap',
    ['heaps?', 'priority queues?', 'min ?heap', 'max ?heap', 'heapify'],
    'Is there a structure that always gives you the smallest or largest item cheaply?',
  ),
  dynamicProgramming: concept(
    'dynamic programming',
    [
      'dynamic programming',
      'dp',
      'memo(i[sz]e|i[sz]ation|ization|isation)?',
      'cache (the )?results?',
      'subproblems?',
      'bottom up',
      'top down',
      'dp table',
      'a table',
    ],
    'Do you solve the same subproblem more than once, and how could you avoid that?',
  ),
  greedy: concept(
    'greedy choice',
    ['greedy', 'earliest', 'largest first', 'smallest first', 'locally', 'always (pick|take|choose)'],
    'Is there a simple choice at each step that is always safe to make?',
  ),
  bitwise: concept('bit operations', ['bits?', 'bitwise', 'xor', 'shift(ed|ing|s)?', 'masks?', 'n minus one'], 'How could bit operations help here?'),
  pointers: concept(
    'pointer updates',
    ['pointers?', 'next', 'previous', 'prev', 'head', 'tail', 'reference'],
    'Which pointers change at each step, and in what order?',
  ),
  situation: concept(
    'situation',
    ['situation', 'at my (last|previous|current|first)', 'when i was', 'we were', 'our team', 'the project', 'context', 'background', 'last year', 'at work'],
    'Can you set the scene first: where were you, and what was going on?',
  ),
  task: concept(
    'task',
    [
      'tasks?',
      'my (role|job|goal|responsibility)',
      'i was (responsible|asked|tasked|in charge)',
      'i needed to',
      'i had to',
      'we needed to',
      'we had to',
      'goal',
      'deadline',
      'challenge',
    ],
    'What exactly was your responsibility there?',
  ),
  action: concept(
    'action',
    [
      'i (decided|built|wrote|talked|proposed|organi[sz]ed|set up|created|led|suggested|implemented|spoke|met|scheduled|asked|started|changed|fixed|reviewed|listened|explained|worked)',
      'actions?',
      'so i',
      'i then',
      'my approach',
    ],
    'What did you do yourself, step by step?',
  ),
  result: concept(
    'result',
    [
      'results?',
      'as a result',
      'in the end',
      'outcome',
      'we (shipped|launched|reduced|improved|delivered|fixed|finished)',
      'learn(ed|t)',
      'percent',
      'impact',
      'eventually',
      'afterwards',
    ],
    'How did it turn out, and what did you learn?',
  ),
  ...systemDesignConcepts,
} satisfies Record<string, Concept>;

export type ConceptKey = keyof typeof concepts;

/** STAR, in order: a behavioural answer is judged on these. */
export const starConcepts: ConceptKey[] = ['situation', 'task', 'action', 'result'];
