import type { InterviewTopic } from '@app/contracts';
import { ConceptKey, starConcepts } from './concepts';

type QuestionKind = 'coding' | 'system design' | 'behavioural';

/** Who a behavioural question suits: early-career candidates, experienced ones, or anyone. */
export type Seniority = 'early' | 'experienced' | 'any';

export interface BankQuestion {
  kind: QuestionKind;
  question: string;
  /** What a good answer covers, in the order the interviewer probes for them. */
  concepts: ConceptKey[];
  /** Said after "I don't know" or a long silence: a nudge towards the first idea, not the answer. */
  hint: string;
  /** The company topics it practises (coding and design); weights the draw. */
  topics: InterviewTopic[];
  seniority: Seniority;
}

const coding = (topics: InterviewTopic[], question: string, approach: ConceptKey[], hint: string): BankQuestion => ({
  kind: 'coding',
  question,
  concepts: [...approach, 'timeComplexity', 'edgeCases'],
  hint,
  topics,
  seniority: 'any',
});

const design = (question: string, focus: ConceptKey[], hint: string, topics: InterviewTopic[] = ['System Design']): BankQuestion => ({
  kind: 'system design',
  question,
  concepts: ['requirements', 'api', 'dataModel', ...focus, 'tradeOffs'],
  hint,
  topics,
  seniority: 'any',
});

const story = (seniority: Seniority, question: string): BankQuestion => ({
  kind: 'behavioural',
  question,
  concepts: [...starConcepts],
  hint: 'Think of one specific time. Start with where you were, then what you had to do, what you did, and how it ended.',
  topics: [],
  seniority,
});

/**
 * The broad bank the plan draws from: coding talk-throughs, system design and behavioural
 * questions, each with the concepts a good answer covers. Questions are phrased to be spoken.
 */
export const questionBank: BankQuestion[] = [
  // Coding talk-throughs.
  coding(
    ['Array', 'Hash Table'],
    'Given an array of integers, how would you find two numbers that add up to a target?',
    ['hashMap'],
    'For each number, which other number would you need to have seen already?',
  ),
  coding(
    ['String', 'Hash Table'],
    'How would you find the first character that does not repeat in a long string?',
    ['hashMap'],
    'What if you first counted how often each character appears?',
  ),
  coding(
    ['String', 'Hash Table', 'Sorting'],
    'How would you check whether two strings are anagrams of each other?',
    ['hashMap', 'sorting'],
    'What stays the same between two anagrams?',
  ),
  coding(
    ['Array', 'Hash Table'],
    'How would you tell whether an array contains any duplicates?',
    ['hashMap', 'sorting'],
    'How would you remember the numbers you have already seen?',
  ),
  coding(
    ['String', 'Hash Table'],
    'How would you group a list of words into sets of anagrams?',
    ['hashMap', 'sorting'],
    'What key could all anagrams of a word share?',
  ),
  coding(
    ['String', 'Hash Table'],
    'How would you find the length of the longest substring without repeating characters?',
    ['twoPointers', 'hashMap'],
    'Think of a window over the string that grows and shrinks.',
  ),
  coding(
    ['Array'],
    'How would you find the contiguous subarray with the largest sum?',
    ['dynamicProgramming'],
    'At each position, is it better to extend the previous run or start again?',
  ),
  coding(
    ['Array', 'Sorting'],
    'How would you find all triplets in an array that sum to zero?',
    ['sorting', 'twoPointers'],
    'If the array were sorted, how would you search for a pair quickly?',
  ),
  coding(
    ['Array'],
    'How would you compute, for each element of an array, the product of all the other elements, without division?',
    ['dynamicProgramming', 'spaceComplexity'],
    'What if you knew the product of everything to the left and everything to the right?',
  ),
  coding(
    ['Array', 'Greedy'],
    'Given daily stock prices, how would you find the best day to buy and the best day to sell?',
    ['greedy'],
    'While scanning the days, what is worth remembering about the past?',
  ),
  coding(
    ['Array', 'Sorting'],
    'How would you merge a list of overlapping intervals?',
    ['sorting'],
    'What order would make overlapping intervals sit next to each other?',
  ),
  coding(
    ['Array'],
    'How would you move all the zeros of an array to its end, keeping the order of the rest?',
    ['twoPointers', 'spaceComplexity'],
    'Could one index write while another reads?',
  ),
  coding(
    ['String'],
    'How would you check whether a string is a palindrome, ignoring punctuation and case?',
    ['twoPointers'],
    'What if you compared characters from both ends towards the middle?',
  ),
  coding(
    ['Stack', 'String'],
    'How would you check that the brackets in an expression are balanced?',
    ['stack'],
    'Which bracket must the next closing bracket match?',
  ),
  coding(
    ['Stack'],
    'How would you design a stack that also returns its minimum in constant time?',
    ['stack', 'spaceComplexity'],
    'What could you store alongside each pushed value?',
  ),
  coding(
    ['Stack', 'Array'],
    'Given daily temperatures, how would you find how many days you wait for a warmer one?',
    ['stack'],
    'Which days are still waiting for a warmer day when you reach a new one?',
  ),
  coding(
    ['Queue', 'Stack'],
    'How would you implement a queue using two stacks?',
    ['stack', 'queue'],
    'What happens to the order if you pour one stack into another?',
  ),
  coding(
    ['Linked List'],
    'How would you reverse a singly linked list?',
    ['pointers', 'recursion'],
    'Walk through it with three nodes: which pointers change first?',
  ),
  coding(
    ['Linked List'],
    'How would you detect a cycle in a linked list?',
    ['twoPointers', 'visited'],
    'What happens if one runner moves twice as fast as another?',
  ),
  coding(
    ['Linked List'],
    'How would you merge two sorted linked lists into one sorted list?',
    ['pointers', 'recursion'],
    'Which of the two heads should come first in the result?',
  ),
  coding(
    ['Linked List'],
    'How would you remove the nth node from the end of a linked list in one pass?',
    ['twoPointers', 'pointers'],
    'What if a second pointer started n nodes behind the first?',
  ),
  coding(
    ['Tree'],
    'How would you find the maximum depth of a binary tree?',
    ['recursion', 'breadthFirst'],
    'How does the depth of a tree relate to the depths of its subtrees?',
  ),
  coding(
    ['Tree', 'Binary Search'],
    'How would you check whether a binary tree is a valid binary search tree?',
    ['recursion'],
    'What range of values is allowed for each node?',
  ),
  coding(
    ['Tree', 'Breadth-First Search'],
    'How would you print a binary tree level by level?',
    ['breadthFirst', 'queue'],
    'Which data structure keeps the nodes of one level in order?',
  ),
  coding(
    ['Tree'],
    'How would you find the lowest common ancestor of two nodes in a binary tree?',
    ['recursion'],
    'What can each subtree tell its parent about the two nodes?',
  ),
  coding(
    ['Tree'],
    'How would you serialise a binary tree to a string and rebuild it?',
    ['recursion', 'breadthFirst'],
    'How would you write down the empty children so the shape survives?',
  ),
  coding(
    ['Graph', 'Depth-First Search'],
    'How would you count the islands in a grid of land and water?',
    ['depthFirst', 'visited'],
    'When you find a piece of land, how would you find the rest of its island?',
  ),
  coding(
    ['Graph', 'Breadth-First Search'],
    'How would you find the shortest path between two people in a social network?',
    ['breadthFirst', 'visited'],
    'Which traversal explores friends before friends of friends?',
  ),
  coding(
    ['Graph', 'Breadth-First Search'],
    'How would you find the minimum number of moves for a knight to reach a square on a chess board?',
    ['breadthFirst', 'visited'],
    'Treat each square as a node: what finds the fewest moves?',
  ),
  coding(
    ['Graph', 'Depth-First Search'],
    'Given courses and their prerequisites, how would you tell whether all courses can be finished?',
    ['depthFirst', 'visited'],
    'What would make it impossible, in terms of the graph?',
  ),
  coding(
    ['Graph', 'Depth-First Search'],
    'How would you make a deep copy of a graph?',
    ['depthFirst', 'hashMap'],
    'How would you remember which nodes you have already copied?',
  ),
  coding(
    ['Graph', 'Breadth-First Search'],
    'How would you find how long it takes for every orange in a grid to rot, if rotten ones spread each minute?',
    ['breadthFirst', 'queue'],
    'What if all the rotten oranges started spreading at the same time?',
  ),
  coding(
    ['Heap (Priority Queue)'],
    'How would you find the k largest elements in a stream of numbers?',
    ['heap', 'spaceComplexity'],
    'What if you only ever kept k numbers?',
  ),
  coding(
    ['Heap (Priority Queue)', 'Linked List'],
    'How would you merge k sorted lists into one?',
    ['heap'],
    'Which element should come next, and how do you find it fast among k lists?',
  ),
  coding(
    ['Heap (Priority Queue)', 'Hash Table'],
    'How would you find the k most frequent words in a document?',
    ['hashMap', 'heap'],
    'First, how would you count the words?',
  ),
  coding(
    ['Heap (Priority Queue)'],
    'How would you keep track of the median of a stream of numbers?',
    ['heap'],
    'What if you kept the smaller half and the larger half separately?',
  ),
  coding(
    ['Binary Search'],
    'How would you search a sorted array that has been rotated?',
    ['binarySearch'],
    'When you look at the middle, which half is still sorted?',
  ),
  coding(
    ['Binary Search'],
    'How would you find the first and last position of a value in a sorted array?',
    ['binarySearch'],
    'How would you change binary search to keep going after a match?',
  ),
  coding(
    ['Binary Search', 'Math'],
    'How would you compute the integer square root of a number without a library?',
    ['binarySearch'],
    'Is the answer somewhere between zero and the number itself?',
  ),
  coding(
    ['Dynamic Programming'],
    'How many ways are there to climb a staircase taking one or two steps at a time?',
    ['dynamicProgramming', 'recursion'],
    'How do the ways to reach step n relate to steps n minus one and n minus two?',
  ),
  coding(
    ['Dynamic Programming'],
    'Given coin values, how would you find the fewest coins that make an amount?',
    ['dynamicProgramming'],
    'If you knew the answer for every smaller amount, how would you use it?',
  ),
  coding(
    ['Dynamic Programming', 'String'],
    'How would you find the longest common subsequence of two strings?',
    ['dynamicProgramming'],
    'Compare the last characters: what happens when they match, and when they do not?',
  ),
  coding(
    ['Dynamic Programming'],
    'How would you decide how much a robber can steal from a row of houses without robbing two neighbours?',
    ['dynamicProgramming'],
    'At each house, you either rob it or skip it: what does each choice leave you?',
  ),
  coding(
    ['Greedy', 'Sorting'],
    'How would you schedule the largest number of non overlapping meetings in one room?',
    ['greedy', 'sorting'],
    'Which meeting is the safest to pick first?',
  ),
  coding(
    ['Greedy', 'Array'],
    'Given jump lengths in an array, how would you tell whether you can reach the last index?',
    ['greedy'],
    'While scanning, what is the furthest index you can reach so far?',
  ),
  coding(
    ['Backtracking'],
    'How would you generate every valid combination of n pairs of parentheses?',
    ['recursion'],
    'At each step, when is it allowed to add an opening or a closing bracket?',
  ),
  coding(
    ['Backtracking'],
    'How would you generate all the subsets of a set of numbers?',
    ['recursion'],
    'For each number, there are two choices: what are they?',
  ),
  coding(
    ['Backtracking', 'String'],
    'How would you find whether a word exists in a grid of letters, moving between neighbours?',
    ['depthFirst', 'visited'],
    'From a matching first letter, how would you try each direction?',
  ),
  coding(
    ['Bit Manipulation'],
    'How would you find the one number that appears once in an array where every other number appears twice?',
    ['bitwise', 'hashMap'],
    'What happens when you combine a number with itself using exclusive or?',
  ),
  coding(['Bit Manipulation', 'Math'], 'How would you tell whether a number is a power of two?', ['bitwise'], 'What does a power of two look like in binary?'),
  coding(
    ['Math', 'Hash Table'],
    'How would you design an LRU cache with get and put in constant time?',
    ['hashMap', 'pointers'],
    'Which structure keeps the order of use, and which finds a key fast?',
  ),
  // System design.
  design(
    'Let us design a URL shortener. What are the main components?',
    ['caching', 'scaling'],
    'Start with what a user does: they send a long URL and get a short one back. How would you make the short code?',
  ),
  design(
    'How would you design a news feed like the one on a social network?',
    ['caching', 'scaling'],
    'Begin with one user posting and one friend reading: where is the post stored and how is the feed built?',
  ),
  design(
    'How would you design a chat service for one to one and group messages?',
    ['consistency', 'scaling'],
    'Think about how a message travels from the sender to an online and an offline receiver.',
  ),
  design(
    'How would you design a rate limiter for a public API?',
    ['caching', 'consistency'],
    'How would you count one client’s requests over the last minute?',
  ),
  design(
    'How would you design a web crawler that fetches a billion pages?',
    ['scaling', 'failures'],
    'Start with one machine: where do the URLs to visit wait, and how do you avoid visiting one twice?',
  ),
  design(
    'How would you design a notification system that sends email, text and push messages?',
    ['failures', 'scaling'],
    'What sits between the service that wants to notify and the providers that deliver?',
  ),
  design(
    'How would you design a file storage and sharing service like Dropbox?',
    ['scaling', 'consistency'],
    'How would you store a large file, and what happens when it changes a little?',
  ),
  design('How would you design the backend of a ride sharing app?', ['scaling', 'caching'], 'How would you find the drivers near a rider quickly?'),
  design(
    'How would you design a video streaming service?',
    ['caching', 'scaling'],
    'Where should the video bytes come from when a million people watch the same show?',
  ),
  design('How would you design a search autocomplete service?', ['caching', 'scaling'], 'What data structure suggests words from a prefix?'),
  design(
    'How would you design a parking lot system with classes and a database?',
    ['consistency'],
    'Which objects are there, and what happens when two cars want the last spot?',
    ['OOP', 'Database Design'],
  ),
  design(
    'How would you design the tables and queries for an online bookstore?',
    ['consistency', 'caching'],
    'Which things does the store keep: books, customers, orders. How are they related?',
    ['Database Design'],
  ),
  design('How would you design a distributed key value store?', ['scaling', 'consistency', 'failures'], 'How would you decide which machine holds a key?'),
  // Behavioural, by level.
  story('any', 'Tell me about a time you disagreed with a teammate on a technical decision. What happened?'),
  story('any', 'Tell me about a time you made a mistake at work or in a project. How did you handle it?'),
  story('any', 'Tell me about a time you had to meet a tight deadline.'),
  story('any', 'Tell me about a time you received difficult feedback. What did you do with it?'),
  story('any', 'Tell me about the project you are most proud of, and your part in it.'),
  story('early', 'Tell me about a time you had to learn a new technology quickly.'),
  story('early', 'Tell me about a time you got stuck on a problem. How did you get unstuck?'),
  story('early', 'Tell me about a time you worked in a team where not everyone pulled their weight.'),
  story('early', 'Tell me about a time you went beyond what was asked of you.'),
  story('experienced', 'Tell me about a time you led a project without formal authority.'),
  story('experienced', 'Tell me about a time you mentored someone. What changed for them?'),
  story('experienced', 'Tell me about a time you had to push back on a product or business decision.'),
  story('experienced', 'Tell me about a time you made a decision with incomplete data.'),
  story('experienced', 'Tell me about a time you reduced technical debt, and how you convinced others it was worth it.'),
];
