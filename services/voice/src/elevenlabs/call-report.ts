import { TranscriptEntry, VoiceReport } from '@app/contracts';
import { wordCount } from '../interview/assessment';
import { PlanContext, PlannedItem, interviewPlan } from '../interview/plan';
import { AskedQuestion, interviewReport } from '../interview/report';

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .replace(/[^a-z0-9 ]+/g, ' ')
      .split(' ')
      .filter((w) => w.length > 2),
  );

/** How much of a planned question an agent line says: the share of the question's words in it. */
function overlap(line: string, question: string): number {
  const asked = words(question);
  if (asked.size === 0) return 0;
  const said = words(line);
  let shared = 0;
  for (const w of asked) if (said.has(w)) shared++;
  return shared / asked.size;
}

/** An agent line is taken for a planned question when it carries most of its words (the prompt asks for them verbatim). */
const askedThreshold = 0.6;

/**
 * The report of an ElevenLabs call, by the local interviewer's rules (report.ts): the session's plan
 * is drawn again from its seed, each agent line that asks one of its questions opens that question,
 * and the candidate's lines until the next one are its answer. Speaking time is read from the
 * transcript's times (a turn lasts until the next one starts); pauses inside an answer are not
 * known. ElevenLabs' own summary, when it wrote one, leads.
 */
export function callReport(transcript: TranscriptEntry[], context: PlanContext, summary: string | null, durationSeconds: number | null): VoiceReport {
  const plan = interviewPlan(context);
  const planned = plan.items.filter((item): item is PlannedItem & Required<Pick<PlannedItem, 'question'>> => Boolean(item.question));
  const asked: AskedQuestion[] = [];
  let current: AskedQuestion | undefined;
  const figures = { candidateSpeakingMs: 0, agentSpeakingMs: 0, spokenWords: 0, spokenMs: 0, longestPauseMs: null, answers: [] as string[] };
  transcript.forEach((line, i) => {
    const next = transcript[i + 1]?.time_in_call_secs ?? durationSeconds ?? line.time_in_call_secs;
    const ms = Math.max(0, next - line.time_in_call_secs) * 1000;
    if (line.role === 'agent') {
      figures.agentSpeakingMs += ms;
      const from = current ? planned.findIndex((p) => p === current!.item) + 1 : 0;
      const match = planned.slice(from).find((p) => overlap(line.message, p.question.question) >= askedThreshold);
      if (match) {
        current = { item: match, answers: [], hinted: false };
        asked.push(current);
      } else if (current && overlap(line.message, current.item.question!.hint) >= askedThreshold) {
        current.hinted = true;
      }
      return;
    }
    figures.candidateSpeakingMs += ms;
    figures.spokenMs += ms;
    figures.spokenWords += wordCount(line.message);
    figures.answers.push(line.message);
    current?.answers.push(line.message);
  });
  const report = interviewReport(asked, figures, { company: context.company, topics: context.topics });
  return summary ? { ...report, summary: `${summary} ${report.summary}` } : report;
}
