import { AnswerAssessment, isProblemTopic, NextStep, voiceMessages, VoiceReport } from '@app/contracts';
import { assess, fillerWords } from './assessment';
import type { PlannedItem } from './plan';

/** One asked question and what the candidate said to it. */
export interface AskedQuestion {
  item: PlannedItem;
  /** The candidate's answers to it, follow-ups included, as transcribed. */
  answers: string[];
  hinted: boolean;
}

/** What the conversation measured of the speech itself. */
export interface SpeechFigures {
  candidateSpeakingMs: number;
  agentSpeakingMs: number;
  /** Words and duration of the spoken answers that were transcribed (typed answers are not speech). */
  spokenWords: number;
  spokenMs: number;
  /** null: no spoken answer. */
  longestPauseMs: number | null;
  /** Every answer's text, spoken or typed, for the filler words. */
  answers: string[];
}

const unheard = new Set<string>([voiceMessages.notTranscribed]);

const shortQuestion = (question: string) => (question.length > 60 ? `${question.slice(0, 57).replace(/\s+\S*$/, '')}…` : question);

/** The topic to practise for a question: one the company's candidates report, else the question's first. */
function topicFor(item: PlannedItem, reported: string[]): string | null {
  const topics = item.question?.topics ?? [];
  return topics.find((t) => reported.includes(t)) ?? topics[0] ?? null;
}

/** Problem Review filtered to a problem topic (a catalogue tag); unfiltered for any other ('System Design' tags no problem). */
const problemReview = (topic: string | null) => (topic && isProblemTopic(topic) ? `/leetcode?tags=${encodeURIComponent(topic)}` : '/leetcode');

/** Three next steps: the weakest topic in Problem Review, the company page, and the habit most missed. */
function nextSteps(assessed: AnswerAssessment[], company: string | null): NextStep[] {
  const technical = assessed.filter((a) => a.kind !== 'behavioural').sort((a, b) => (a.score ?? 5) - (b.score ?? 5));
  const weakest = technical[0];
  const steps: NextStep[] = [
    weakest
      ? {
          text: `Practise ${weakest.topic ?? 'coding'} problems in Problem Review: your answer to “${shortQuestion(weakest.question)}” ${
            weakest.concepts_missed.length ? `missed ${weakest.concepts_missed[0]}` : 'was your weakest'
          }.`,
          href: problemReview(weakest.topic),
        }
      : { text: 'Practise a coding problem a day in Problem Review, saying your approach out loud.', href: '/leetcode' },
    company
      ? {
          text: `Read what ${company} candidates were asked, round by round, on the company page.`,
          href: `/candidate-interviews/${encodeURIComponent(company)}`,
        }
      : { text: 'Pick a company and read what its candidates were asked, round by round.', href: '/candidate-interviews' },
  ];
  const companyPage = steps[1].href;
  const noComplexity = assessed.find((a) => a.complexity_stated === false && a.score !== null);
  const storyGap = assessed.find((a) => a.star && a.score !== null && Object.values(a.star).includes(false));
  const second = technical[1];
  if (noComplexity) {
    steps.push({
      text: 'State the time and space complexity of every solution out loud: review a problem in Problem Review and say it before you check.',
      href: problemReview(noComplexity.topic),
    });
  } else if (storyGap?.star) {
    const part = (['situation', 'task', 'action', 'result'] as const).find((p) => !storyGap.star![p]);
    steps.push({
      text: `Tell your stories as Situation, Task, Action and Result: yours left out the ${part}. Prepare one for the values on the company page.`,
      href: companyPage,
    });
  } else {
    steps.push({
      text: second ? `Keep ${second.topic ?? 'coding'} fresh in Problem Review with a harder problem.` : 'Try a harder problem in Problem Review.',
      href: problemReview(second?.topic ?? null),
    });
  }
  return steps;
}

/**
 * The local interviewer's report: per question concepts covered and missed, complexity, STAR, a
 * 1–4 score and why, the answer; overall talk-time share, pace, filler words and longest pause;
 * three next steps. Counts are per question, so answered never exceeds asked.
 */
export function interviewReport(asked: AskedQuestion[], figures: SpeechFigures, context: { company: string | null; topics: string[] }): VoiceReport {
  const assessed = asked
    .filter((a) => a.item.question)
    .map((a): AnswerAssessment => {
      const heard = a.answers.filter((text) => text && !unheard.has(text));
      const transcribed = a.answers.length === 0 || heard.length > 0;
      return { ...assess(a.item.question!, heard.join(' '), a.hinted, transcribed), topic: topicFor(a.item, context.topics) };
    });
  const answered = asked.filter((a) => a.item.question && a.answers.length > 0).length;
  const scores = assessed.map((a) => a.score).filter((s): s is number => s !== null);
  const average = scores.length ? scores.reduce((sum, s) => sum + s, 0) / scores.length : null;
  const questions = assessed.length;
  const talking = figures.candidateSpeakingMs + figures.agentSpeakingMs;
  return {
    summary:
      questions === 0
        ? 'The interview ended before its first question.'
        : `You answered ${answered} of ${questions} question${questions === 1 ? '' : 's'}${
            average === null || answered === 0 ? '.' : `, with an average score of ${average.toFixed(1)} out of 4.`
          }`,
    questions_asked: questions,
    answers_given: answered,
    candidate_speaking_secs: Math.round(figures.candidateSpeakingMs / 1000),
    questions: assessed,
    talk_share: figures.candidateSpeakingMs > 0 && talking > 0 ? Math.round((figures.candidateSpeakingMs / talking) * 100) / 100 : null,
    words_per_minute: figures.spokenMs > 0 && figures.spokenWords > 0 ? Math.round(figures.spokenWords / (figures.spokenMs / 60_000)) : null,
    filler_words: fillerWords(figures.answers),
    longest_pause_secs: figures.longestPauseMs === null ? null : Math.round(figures.longestPauseMs / 100) / 10,
    next_steps: nextSteps(assessed, context.company),
  };
}
