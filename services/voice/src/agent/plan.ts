/** One question and the follow-up asked after the candidate's first answer. */
interface PlannedQuestion {
  kind: 'behavioural' | 'technical' | 'system design';
  question: string;
  followUp: string;
}

export interface InterviewPlan {
  greeting: string;
  questions: PlannedQuestion[];
  goodbye: string;
}

export interface PlanContext {
  company: string | null;
  level: string | null;
  topics: string[];
}

const behavioural: PlannedQuestion = {
  kind: 'behavioural',
  question: 'Tell me about a time you disagreed with a teammate on a technical decision. What happened?',
  followUp: 'Looking back, what would you do differently, and what did you learn from it?',
};

const generalTechnical: PlannedQuestion = {
  kind: 'technical',
  question: 'How would you find the first character that does not repeat in a long string? Walk me through your approach.',
  followUp: 'What are the time and space complexities of your approach, and can you do better?',
};

const systemDesign: PlannedQuestion = {
  kind: 'system design',
  question: 'Let us design a URL shortener like bit dot l y. What are the main components?',
  followUp: 'How would your design handle a hundred times more traffic, and where would you cache?',
};

/** A technical question per topic the company's candidates report most. */
const topicQuestions: Record<string, Omit<PlannedQuestion, 'kind'>> = {
  Arrays: {
    question: 'Given an array of integers, how would you find two numbers that add up to a target?',
    followUp: 'What if the array is sorted? Does your approach change?',
  },
  Strings: { question: 'How would you check whether two strings are anagrams of each other?', followUp: 'How would you handle unicode characters?' },
  'Hash Tables': { question: 'How does a hash table work, and what happens on a collision?', followUp: 'When would a hash table perform badly?' },
  'Linked Lists': { question: 'How would you detect a cycle in a linked list?', followUp: 'How would you find the node where the cycle begins?' },
  Stacks: { question: 'How would you check that the brackets in an expression are balanced?', followUp: 'How would you report where the first mismatch is?' },
  Queues: { question: 'How would you implement a queue using two stacks?', followUp: 'What is the amortised cost of each operation?' },
  Trees: { question: 'How would you check whether a binary tree is a valid binary search tree?', followUp: 'Can you do it without recursion?' },
  Graphs: {
    question: 'How would you find the shortest path between two people in a social network?',
    followUp: 'How would you scale that to a billion users?',
  },
  Heaps: {
    question: 'How would you find the k largest elements in a stream of numbers?',
    followUp: 'What is the complexity, and how much memory do you need?',
  },
  DFS: { question: 'How would you count the islands in a grid of land and water?', followUp: 'What would change if the grid did not fit in memory?' },
  BFS: {
    question: 'How would you find the minimum number of moves for a knight to reach a square on a chess board?',
    followUp: 'Why is breadth first search the right choice here?',
  },
  'Binary Search': { question: 'How would you search a sorted array that has been rotated?', followUp: 'What happens when there are duplicates?' },
  Sorting: { question: 'How would you merge overlapping intervals?', followUp: 'What is the complexity, and could you avoid sorting?' },
  'Dynamic Programming': {
    question: 'How many ways are there to climb a staircase taking one or two steps at a time?',
    followUp: 'How would you reduce the memory your solution uses?',
  },
  Greedy: { question: 'How would you schedule the largest number of non overlapping meetings in one room?', followUp: 'Why does the greedy choice work here?' },
  Backtracking: {
    question: 'How would you generate every valid combination of n pairs of parentheses?',
    followUp: 'How many combinations are there, roughly?',
  },
  Math: { question: 'How would you tell whether a number is a power of two?', followUp: 'How would you generalise it to powers of three?' },
  'Bit Manipulation': { question: 'How would you count the bits set in an integer?', followUp: 'How would you do it for every number up to n efficiently?' },
  'System Design': systemDesign,
  OOP: { question: 'How would you model a parking lot with classes?', followUp: 'How would you add electric vehicle charging spots later?' },
  'Database Design': { question: 'How would you design the tables for an online bookstore?', followUp: 'Which indexes would you add, and why?' },
};

const seniorLevels = ['Mid-level', 'Senior', 'Principal'];

/**
 * The interview: with a company, a behavioural question about it, technical questions from its most
 * reported topics, and system design from mid-level up; otherwise a general software-engineering
 * plan: one behavioural, one technical, one system-design question. Each has a follow-up.
 */
export function interviewPlan(context: PlanContext): InterviewPlan {
  const where = context.company ? ` for ${context.company}` : '';
  const level = context.level ? ` at the ${context.level.replace(/\s*\(.*\)$/, '')} level` : '';
  const greeting = `Hello, and thanks for joining. I will be your interviewer today${where}${level}. Let us begin.`;
  const goodbye = 'That was my last question. Thank you for your time, and good luck with your interviews. Goodbye!';
  if (!context.company && context.topics.length === 0) {
    return { greeting, questions: [behavioural, generalTechnical, systemDesign], goodbye };
  }
  const questions: PlannedQuestion[] = [
    context.company
      ? {
          kind: 'behavioural',
          question: `Why do you want to work at ${context.company}, and what would you bring to the team?`,
          followUp: 'Tell me about a project you are proud of that shows that.',
        }
      : behavioural,
  ];
  const technical = context.topics.filter((t) => t !== 'System Design' && topicQuestions[t]).slice(0, 2);
  for (const topic of technical) questions.push({ kind: 'technical', ...topicQuestions[topic] });
  if (technical.length === 0) questions.push(generalTechnical);
  const senior = context.level ? seniorLevels.some((l) => context.level?.startsWith(l)) : false;
  if (senior || context.topics.includes('System Design') || !context.level) questions.push(systemDesign);
  return { greeting, questions, goodbye };
}
