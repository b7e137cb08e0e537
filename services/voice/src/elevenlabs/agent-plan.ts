import { AgentPlan } from '@app/contracts';
import { concepts } from '../interview/concepts';
import { InterviewPlan, PlanContext, PlannedItem, interviewPlan } from '../interview/plan';

const maxKeywords = 50;

/**
 * The plan the local interviewer would run, told to an ElevenLabs agent: its instructions and
 * questions as the prompt override, the introduction as the first message, the same facts as
 * dynamic variables (for an agent whose own prompt names them), and the words a recogniser should
 * expect. The plan's seed is the session id, so the report later re-draws the very same questions.
 */
export function agentPlanFor(context: PlanContext, userId: string): AgentPlan {
  const plan = interviewPlan(context);
  const asked = plan.items.filter((item) => item.question && !item.whenTimeAllows);
  const questions = asked.map((item, i) => `${i + 1}. ${item.question!.question}`).join('\n');
  const company = context.company ?? 'a software company';
  const level = context.level ?? 'any level';
  const topics = context.topics.join(', ');
  const design = asked.find((item) => item.question!.kind === 'system design');
  return {
    user_id: userId,
    first_message: plan.items[0].text,
    prompt: promptFor(plan, { company, level, topics, questions }),
    keywords: keywordsFor(plan, context),
    dynamic_variables: {
      company,
      level,
      topics: topics || 'general software engineering',
      minutes: context.minutes,
      questions,
      session_id: context.seed,
    },
    ...(design ? { design_concepts: design.question!.concepts } : {}),
  };
}

function promptFor(plan: InterviewPlan, facts: { company: string; level: string; topics: string; questions: string }): string {
  const step = (item: PlannedItem, i: number) => {
    const q = item.question!;
    const covers = q.concepts.map((key) => concepts[key].name).join(', ');
    return `${i + 1}. (${q.kind}) Ask exactly: "${q.question}"\n   A good answer covers: ${covers}.\n   If the candidate is stuck, hint once: "${q.hint}"`;
  };
  const steps = plan.items
    .filter((item) => item.question && !item.whenTimeAllows)
    .map(step)
    .join('\n');
  const extras = plan.items
    .filter((item) => item.whenTimeAllows)
    .map(step)
    .join('\n');
  return [
    `You are a friendly but rigorous interviewer running a ${plan.minutes}-minute mock interview for ${facts.company}, for a candidate at ${facts.level}.`,
    facts.topics ? `Candidates at ${facts.company} are most often asked about: ${facts.topics}.` : '',
    'You have already introduced yourself and asked the candidate to tell you about themselves. Then ask these questions, in this order, each in its own turn, word for word:',
    steps,
    `After an answer, ask at most two short follow-ups for what a good answer covers and the candidate left out, then move on. Speak one question at a time and never give the answer away. Keep to the ${plan.minutes} minutes.`,
    `If those questions are done with more than 6 minutes of the ${plan.minutes} left, say "We still have some time, so here is one more technical question." and ask the next of these, the same way, until 6 minutes are left:`,
    extras,
    'During a system design question the candidate may draw: what the drawing shows arrives as context starting "The candidate’s drawing now shows", with what it is missing. After the candidate pauses, use a follow-up to ask about one missing piece, in your own words, without naming the answer.',
    `When the questions are done, say: "Thank you, that was my last question. What questions do you have for me?" Answer briefly, then end with: "${plan.goodbye}"`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The plan's concepts (as the report names them), then the company and its topics: at most 50, each said once. */
function keywordsFor(plan: InterviewPlan, context: PlanContext): string[] {
  const words = [
    ...plan.items.flatMap((item) => item.question?.concepts.map((key) => concepts[key].name) ?? []),
    ...(context.company ? [context.company] : []),
    ...context.topics,
  ];
  const seen = new Set<string>();
  return words
    .map((w) => w.trim().slice(0, 50))
    .filter((w) => w && !seen.has(w.toLowerCase()) && seen.add(w.toLowerCase()))
    .slice(0, maxKeywords);
}
