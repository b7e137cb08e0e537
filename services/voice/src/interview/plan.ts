import { createHash } from 'node:crypto';
import { questionBank, BankQuestion, Seniority } from './question-bank';

/** One step of the interview: the introduction, a main or behavioural question, or the candidate's questions. */
export interface PlannedItem {
  stage: 'introduction' | 'main' | 'behavioural' | 'candidate questions';
  /** Absent for the introduction and the candidate's questions (nothing to assess). */
  question?: BankQuestion;
  /** What the interviewer says to ask it. */
  text: string;
  /** Asked only when the interview still has time for it (after the planned questions went quickly). */
  whenTimeAllows?: boolean;
}

export interface InterviewPlan {
  minutes: 10 | 20;
  items: PlannedItem[];
  goodbye: string;
}

export interface PlanContext {
  /** The session id: the draw's seed, so two sessions differ and one session is reproducible. */
  seed: string;
  company: string | null;
  level: string | null;
  topics: string[];
  minutes: 10 | 20;
}

/** The company's most reported topics weigh this much more than the rest of the bank. */
const reportedTopicWeight = 5;
/** Technical questions held back for an interview whose planned questions leave time over. */
const extraQuestions = 12;
const experiencedLevels = ['Mid-level', 'Senior', 'Principal'];

/** A small seeded generator (mulberry32): the same seed draws the same interview. */
function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` different questions, each drawn with its weight. */
function draw(pool: BankQuestion[], count: number, weight: (q: BankQuestion) => number, random: () => number): BankQuestion[] {
  const left = [...pool];
  const picked: BankQuestion[] = [];
  while (picked.length < count && left.length > 0) {
    const total = left.reduce((sum, q) => sum + weight(q), 0);
    let at = random() * total;
    let index = left.findIndex((q) => (at -= weight(q)) < 0);
    if (index < 0) index = left.length - 1;
    picked.push(...left.splice(index, 1));
  }
  return picked;
}

function seniorityOf(level: string | null): Seniority {
  if (!level || level === 'Other') return 'any';
  return experiencedLevels.some((l) => level.startsWith(l)) ? 'experienced' : 'early';
}

/**
 * The interview for a session: an introduction, two (10 minutes) or three (20 minutes) main
 * questions with probing, behavioural questions for the level, then the candidate's questions.
 * Main questions are coding talk-throughs, with one system design question from mid-level up (or
 * when the company's candidates report it); the draw favours the company's most reported topics.
 * More coding questions follow the behavioural ones, asked only while time allows, so that quick
 * answers do not end the interview long before its chosen length.
 */
export function interviewPlan(context: PlanContext): InterviewPlan {
  const random = seededRandom(context.seed);
  const seniority = seniorityOf(context.level);
  const reported = new Set(context.topics);
  const weight = (q: BankQuestion) => (q.topics.some((t) => reported.has(t)) ? reportedTopicWeight : 1);
  const mainCount = context.minutes === 10 ? 2 : 3;
  const wantsDesign = seniority === 'experienced' || reported.has('System Design');
  const designs = wantsDesign
    ? draw(
        questionBank.filter((q) => q.kind === 'system design'),
        1,
        weight,
        random,
      )
    : [];
  const codings = draw(
    questionBank.filter((q) => q.kind === 'coding'),
    mainCount - designs.length + extraQuestions,
    weight,
    random,
  );
  const extras = codings.splice(mainCount - designs.length);
  const stories = draw(
    questionBank.filter((q) => q.kind === 'behavioural' && (q.seniority === 'any' || seniority === 'any' || q.seniority === seniority)),
    context.minutes === 10 ? 1 : 2,
    () => 1,
    random,
  );

  const where = context.company ? ` for ${context.company}` : '';
  const level = context.level && context.level !== 'Other' ? ` at the ${context.level.replace(/\s*\(.*\)$/, '')} level` : '';
  const why = context.company ? `, and why you would like to work at ${context.company}` : '';
  const items: PlannedItem[] = [
    {
      stage: 'introduction',
      text: `Hello, and thanks for joining. I will be your interviewer today${where}${level}. This is a ${context.minutes} minute interview: a short introduction, a few questions, and time for yours at the end. To start, please tell me briefly about yourself${why}.`,
    },
    ...[...codings, ...designs].map((question, i): PlannedItem => ({
      stage: 'main',
      question,
      text: `${i === 0 ? 'Thank you. Let us start with a technical question. ' : 'Thanks. Next question. '}${question.question} Take your time and think out loud.`,
    })),
    ...stories.map((question, i): PlannedItem => ({
      stage: 'behavioural',
      question,
      text: `${i === 0 ? 'Thank you. Now a few questions about your experience. ' : 'Thanks. Another one. '}${question.question}`,
    })),
    ...extras.map((question): PlannedItem => ({
      stage: 'main',
      question,
      text: `We still have some time, so here is one more technical question. ${question.question} Take your time and think out loud.`,
      whenTimeAllows: true,
    })),
    { stage: 'candidate questions', text: 'Thank you, that was my last question. What questions do you have for me?' },
  ];
  return {
    minutes: context.minutes,
    items,
    goodbye: 'Thank you for your questions and for your time. Your report will be ready in a moment. Good luck with your interviews. Goodbye!',
  };
}
