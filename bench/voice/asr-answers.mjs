// The held-out answers the recogniser is measured on (issue 24 item 4). Written for this test set
// alone, after the language model's corpus (services/voice/src/interview/vocabulary.ts) and apart
// from it: bench/voice/asr.mjs refuses to run when any of these sentences is in that corpus, and
// prints how many of their word triples the corpus happens to contain.
// 36 technical answers, then 6 ordinary ones (an introduction, stories, a question for the
// interviewer) to check the interview model still hears everyday speech.

export const technicalAnswers = [
  'I would keep a hash map from each number to its index, and for every new number look up the complement.',
  'To find the first unique character I count every letter in one pass, then scan the string again for a count of one.',
  'Two words are anagrams when their sorted letters match, or when the letter counts in a dictionary are equal.',
  'Putting every value in a hash set tells us about duplicates in linear time.',
  'A sliding window with two pointers grows to the right and shrinks from the left when a character repeats.',
  'The maximum subarray comes from dynamic programming: at each index either extend the current sum or start fresh.',
  'After sorting the array I fix one number and move two pointers inward to find the other two.',
  'I would sort the intervals by their start and merge each one into the previous when they overlap.',
  'A stack holds the open brackets, and each closing bracket must match the one on top.',
  'For the minimum stack I push a pair, the value and the smallest value so far, so the minimum is constant time.',
  'A queue built from two stacks pushes into the first and pops from the second, moving elements only when it is empty.',
  'To reverse a linked list I walk it with three pointers: previous, current and next.',
  'A fast pointer and a slow pointer meet inside the cycle if the list has one.',
  'The depth of a binary tree is one plus the larger depth of its two subtrees, which is a short recursion.',
  'A valid binary search tree keeps every node inside a range of allowed values that narrows as we recurse.',
  'Level order traversal uses a queue: dequeue a node, print it, and enqueue its children.',
  'For islands in a grid I run depth first search from each unvisited piece of land and mark what I reach.',
  'Breadth first search from the first person finds the shortest chain of friends, because it explores one level at a time.',
  'A knight moves in eight directions, so breadth first search over the squares gives the minimum number of moves.',
  'Without memoization the recursion recomputes the same subproblems, so I cache each result in a table.',
  'For the coin change problem the table holds the fewest coins for every amount up to the target.',
  'The longest common subsequence fills a two dimensional table, comparing the last characters of both prefixes.',
  'For the median of a stream I keep a max heap for the lower half and a min heap for the upper half.',
  'To merge k sorted lists I put the head of each list in a priority queue and pop the smallest.',
  'Binary search on a rotated array checks which half is sorted and whether the target falls inside it.',
  'Using exclusive or on every number cancels the pairs and leaves the number that appears once.',
  'An LRU cache combines a hash map with a doubly linked list, so get and put are both constant time.',
  'The recursive solution has a base case for an empty node, and the call stack uses space equal to the height.',
  'Heapify takes linear time, and each pop from the heap costs log n.',
  'The overall time complexity is o of n log n because of the sort, and the space complexity is o of n.',
  'For the URL shortener I would generate a short code from a counter and store the mapping in a key value store.',
  'Put a cache such as Redis in front of the database, because reads are far more frequent than writes.',
  'The rate limiter keeps a token bucket for each client, refilled every second, and rejects requests when it is empty.',
  'To scale the chat service we shard conversations by user id and replicate each shard for availability.',
  'The crawler keeps a queue of URLs to visit and a visited set, so no page is fetched twice.',
  'Each request carries an idempotency key, so a retry after a timeout does not charge the customer twice.',
];

export const ordinaryAnswers = [
  'I am a software engineer with four years of experience, mostly building backend services for a travel company.',
  'Last spring our team missed a release because the tests were flaky, and I was asked to find out why.',
  'I spoke with each engineer, wrote down the failures we saw, and we fixed the worst ones first.',
  'In the end the build was green every day, and I learned to share bad news early.',
  'Once a teammate and I disagreed about the schedule, so we sat down with our manager and agreed on a plan.',
  'What would my first month on the team look like?',
];

export const answers = [...technicalAnswers, ...ordinaryAnswers];
