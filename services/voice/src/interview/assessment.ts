import { conceptMatcher, normaliseAnswer } from '@app/contracts';
import type { AnswerAssessment, DesignGap } from '@app/contracts';
import { ConceptKey, concepts } from './concepts';
import type { BankQuestion } from './question-bank';

/** Which of `keys` the answer covers, in the question's order: the matcher System Design's review uses too (libs/contracts). */
export const coverage = conceptMatcher(concepts);

const dontKnow =
  /\b(i (do not|dont|really dont) know|no idea|not sure|no clue|i cant (remember|think)|i have not (seen|done)|i havent (seen|done)|pass|skip)\b/;

/** The candidate says they do not know (a short answer with that in it), or nothing was heard. */
export function saysDontKnow(answer: string): boolean {
  const text = normaliseAnswer(answer).trim();
  if (!text || text === 'no words recognised') return true;
  return dontKnow.test(` ${text} `) && text.split(' ').length <= 25;
}

const holdPhrase =
  /^((um+|uh+|hm+|okay|ok|so|right|well|sure|yeah|yes),? )*(let me (think|see)|give me a (moment|second|sec|minute)|(one|just a) (moment|second|sec|minute)|hold on|bear with me)( (about|on) (it|that|this))?( please)?$/;

/**
 * The candidate asks for time ("let me think", "give me a moment") and says nothing else: the
 * interviewer keeps listening instead of taking the turn.
 */
export function asksForTime(answer: string): boolean {
  return holdPhrase.test(normaliseAnswer(answer).trim());
}

/** Where the conversation stands on one question. */
export interface QuestionProgress {
  probes: number;
  hinted: boolean;
  /** The concepts already probed because the drawing lacked them. */
  drawingProbed?: ConceptKey[];
}

export type NextTurn =
  { kind: 'probe'; concept: ConceptKey; text: string; fromDrawing?: true } | { kind: 'hint'; text: string } | { kind: 'move on'; complete: boolean };

/** A question gets at most this many probes before the interview moves on. */
export const maxProbes = 2;

/**
 * After an answer: a hint when the candidate does not know (once), a probe for what the drawing
 * lacks (a system design question with the canvas: `drawingGaps`, each asked once and not when the
 * candidate has said it), else for the first concept still missing from everything they said to
 * this question, or the next question when the answer is complete, the probes are spent, or time
 * is short.
 */
export function nextTurn(
  question: BankQuestion,
  everything: string,
  latest: string | undefined,
  progress: QuestionProgress,
  timeShort = false,
  drawingGaps: readonly DesignGap[] = [],
): NextTurn {
  // An answer not transcribed (yet) is not taken for "I don't know".
  const stuck = latest !== undefined && saysDontKnow(latest);
  if (stuck && !progress.hinted && !timeShort) return { kind: 'hint', text: `That is fine, let me help a little. ${question.hint}` };
  const { missed } = coverage(question.concepts, everything);
  const gap = drawingGaps.find((g) => !progress.drawingProbed?.includes(g.concept) && coverage([g.concept], everything).missed.length > 0);
  if (missed.length === 0 && !gap) return { kind: 'move on', complete: true };
  if (stuck || timeShort || progress.probes >= maxProbes) return { kind: 'move on', complete: false };
  if (gap) return { kind: 'probe', concept: gap.concept, text: gap.probe, fromDrawing: true };
  return { kind: 'probe', concept: missed[0], text: concepts[missed[0]].probe };
}

const list = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/**
 * The report's view of one question: concepts covered and missed, complexity, STAR, and a score
 * from 1 to 4 (the share of concepts covered; a hint caps it at 3) with one sentence why.
 */
export function assess(question: BankQuestion, answer: string, hinted: boolean, transcribed: boolean): Omit<AnswerAssessment, 'topic'> {
  const { covered, missed } = coverage(question.concepts, answer);
  const names = (keys: ConceptKey[]) => keys.map((key) => concepts[key].name);
  const has = (key: ConceptKey) => covered.includes(key);
  const base = {
    kind: question.kind,
    question: question.question,
    concepts_covered: names(covered),
    concepts_missed: names(missed),
    complexity_stated: question.kind === 'coding' ? has('timeComplexity') : null,
    star: question.kind === 'behavioural' ? { situation: has('situation'), task: has('task'), action: has('action'), result: has('result') } : null,
    answer,
  };
  if (!transcribed) return { ...base, score: null, score_reason: 'Not scored: the answer could not be transcribed.' };
  if (!answer.trim()) return { ...base, score: 1, score_reason: 'Not answered.' };
  const share = covered.length / question.concepts.length;
  const score = Math.min(hinted ? 3 : 4, share >= 0.85 ? 4 : share >= 0.6 ? 3 : share >= 0.3 ? 2 : 1);
  const reason =
    missed.length === 0
      ? `Complete: you covered ${list(names(covered))}${hinted ? ', after a hint' : ''}.`
      : covered.length === 0
        ? `The answer did not reach ${list(names(missed))}.`
        : `You covered ${list(names(covered))} but not ${list(names(missed))}${hinted ? ', and needed a hint' : ''}.`;
  return { ...base, score, score_reason: reason };
}

const fillers = ['um', 'umm', 'uh', 'uhm', 'er', 'erm', 'ah', 'like', 'you know', 'i mean', 'basically', 'actually', 'literally', 'sort of', 'kind of'];
const fillerPattern = new RegExp(`\\b(${fillers.join('|')})\\b`, 'g');

/** Filler words in what the candidate said, most frequent first. */
export function fillerWords(answers: string[]): Array<{ word: string; count: number }> {
  const counts = new Map<string, number>();
  for (const answer of answers) for (const [word] of normaliseAnswer(answer).matchAll(fillerPattern)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].map(([word, count]) => ({ word, count })).sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

export function wordCount(text: string): number {
  const words = normaliseAnswer(text).trim();
  return words ? words.split(' ').length : 0;
}
