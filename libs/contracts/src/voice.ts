import { z } from 'zod';
import { interviewLevels, interviewTopics } from './interviews-labels';
import { voiceEndReasons, voiceSessionStatuses } from './voice-labels';

export * from './voice-labels';

/** What the candidate picks before starting: the plan is drawn from it (a general plan without it). */
export const interviewContextSchema = z.object({
  company: z.string().trim().min(1).max(100).optional(),
  level: z.enum(interviewLevels).optional(),
  /** The company page's most asked topics; repeated as ?topics=Graph&topics=Tree. */
  topics: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.enum(interviewTopics)).max(10)).optional(),
  /** The interview's length: the plan fills it and the call ends at it (20 by default). */
  minutes: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.union([z.literal(10), z.literal(20)])).optional(),
});
export type InterviewContext = z.infer<typeof interviewContextSchema>;

/**
 * What an ElevenLabs agent is told of the interview, from the same plan the local interviewer runs
 * (issue 24): the page passes it to @elevenlabs/client's startSession as dynamicVariables,
 * overrides.agent.prompt.prompt, overrides.agent.firstMessage, overrides.asr.keywords and userId.
 * The agent must allow those overrides (docs/voice-credits.md, ElevenLabs).
 */
export const agentPlanSchema = z.object({
  /** The app user's id: ElevenLabs records it as the conversation's user_id, which binding checks. */
  user_id: z.string().uuid(),
  /** The interviewer's instructions with the questions in order (overrides.agent.prompt.prompt). */
  prompt: z.string().max(20_000),
  /** The introduction the interviewer opens with (overrides.agent.firstMessage). */
  first_message: z.string().max(2_000),
  /** Words the recogniser should expect: the plan's concepts, the company and its topics (overrides.asr.keywords). */
  keywords: z.array(z.string().max(50)).max(50),
  /** For {{company}}, {{level}}, {{topics}}, {{minutes}}, {{questions}} and {{session_id}} in the agent's own prompt. */
  dynamic_variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /**
   * The system design question's concepts (the shared vocabulary's keys), when the plan has one:
   * the page checks the candidate's drawing against them (designGaps) and tells the agent what is missing.
   */
  design_concepts: z.array(z.string().max(40)).max(20).optional(),
});
export type AgentPlan = z.infer<typeof agentPlanSchema>;

export const signedUrlSchema = z.object({
  signedUrl: z.string(),
  sessionId: z.string().uuid(),
  /** With ElevenLabs only: the plan the page hands the agent. The local interviewer draws it itself. */
  plan: agentPlanSchema.optional(),
});
export type SignedUrl = z.infer<typeof signedUrlSchema>;

/**
 * The balance, and the monthly allowance: the first use of each calendar month (UTC) tops the
 * balance up to `monthly_allowance` (never above); the next can come from `next_top_up_at`, the
 * first instant of next month.
 */
export const creditsSchema = z.object({ balance: z.number().int(), monthly_allowance: z.number().int(), next_top_up_at: z.string() });
export type Credits = z.infer<typeof creditsSchema>;

/** ElevenLabs' transcript line, as its conversation API answers it. */
export const transcriptEntrySchema = z.object({
  role: z.enum(['agent', 'user']),
  message: z.string(),
  time_in_call_secs: z.number().int().nonnegative(),
});
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;

/** One question of the interview as the report judges it (the local interviewer's report). */
export const answerAssessmentSchema = z.object({
  kind: z.enum(['coding', 'system design', 'behavioural']),
  question: z.string(),
  concepts_covered: z.array(z.string()),
  concepts_missed: z.array(z.string()),
  /** Coding questions only: whether the answer gave its time complexity. */
  complexity_stated: z.boolean().nullable(),
  /** Behavioural questions only: which parts of Situation, Task, Action, Result the story had. */
  star: z.object({ situation: z.boolean(), task: z.boolean(), action: z.boolean(), result: z.boolean() }).nullable(),
  /** 1 (not answered) to 4 (complete); null when the answer could not be transcribed. */
  score: z.number().int().min(1).max(4).nullable(),
  score_reason: z.string(),
  /** The weakest company topic this question practises, for the next steps. */
  topic: z.string().nullable(),
  /** Everything the candidate said to it (follow-ups included). */
  answer: z.string(),
});
export type AnswerAssessment = z.infer<typeof answerAssessmentSchema>;

export const nextStepSchema = z.object({ text: z.string(), href: z.string() });
export type NextStep = z.infer<typeof nextStepSchema>;

export const voiceReportSchema = z.object({
  summary: z.string(),
  questions_asked: z.number().int(),
  /** Questions with at least one answer (never more than questions_asked). */
  answers_given: z.number().int(),
  candidate_speaking_secs: z.number().int(),
  /** The fields below come with the local interviewer's report; older reports do not have them. */
  questions: z.array(answerAssessmentSchema).optional(),
  /** The candidate's share of the time either side spoke, 0 to 1; null without spoken answers. */
  talk_share: z.number().min(0).max(1).nullable().optional(),
  words_per_minute: z.number().int().nullable().optional(),
  filler_words: z.array(z.object({ word: z.string(), count: z.number().int() })).optional(),
  /** The longest silence inside a spoken answer. */
  longest_pause_secs: z.number().nullable().optional(),
  next_steps: z.array(nextStepSchema).optional(),
});
export type VoiceReport = z.infer<typeof voiceReportSchema>;

export const voiceSessionSchema = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  provider: z.enum(['local', 'elevenlabs']),
  status: z.enum(voiceSessionStatuses),
  company: z.string().nullable(),
  level: z.string().nullable(),
  started_at: z.string(),
  connected_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  end_reason: z.enum(voiceEndReasons).nullable(),
  credits_charged: z.number().int(),
  refunded: z.boolean(),
  /** The chosen length: the countdown, the interviewer's plan and the server's limit all use it. */
  minutes: z.union([z.literal(10), z.literal(20)]),
  /** Set while a dropped call can be resumed (POST …/resume), until this time; null otherwise. */
  resumable_until: z.string().nullable(),
});
export type VoiceSession = z.infer<typeof voiceSessionSchema>;

/**
 * ElevenLabs' post-call analysis of the conversation, as its API answers it: each evaluation
 * criterion configured on the agent (success, failure or unknown, with why) and each data
 * collection item (the value it extracted, with why).
 */
export const callEvaluationSchema = z.object({
  criteria: z.array(z.object({ id: z.string(), result: z.enum(['success', 'failure', 'unknown']), rationale: z.string() })),
  data: z.array(z.object({ id: z.string(), value: z.union([z.string(), z.number(), z.boolean(), z.null()]), rationale: z.string() })),
});
export type CallEvaluation = z.infer<typeof callEvaluationSchema>;

export const voiceSessionDetailSchema = voiceSessionSchema.extend({
  transcript: z.array(transcriptEntrySchema),
  report: voiceReportSchema.nullable(),
  /** ElevenLabs calls only, once ElevenLabs has analysed the call; null otherwise. */
  evaluation: callEvaluationSchema.nullable().optional(),
});
export type VoiceSessionDetail = z.infer<typeof voiceSessionDetailSchema>;

/** ElevenLabs' conversation ids are short tokens (conv_…): anything else names no conversation. */
const conversationId = z
  .string()
  .trim()
  .min(1, { message: 'conversation_id is required' })
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'conversation_id must be an ElevenLabs conversation id' });

/**
 * The ElevenLabs conversation the page saw. Only a hint: the service binds it only when
 * ElevenLabs' own record matches (agent, user, start), and a duration or an end the page reports
 * is never taken for money.
 */
export const endSessionSchema = z.object({ conversation_id: conversationId.optional() });
export type EndSession = z.infer<typeof endSessionSchema>;

/** The page's word, on connect, of which ElevenLabs conversation this interview is. */
export const bindConversationSchema = z.object({ conversation_id: conversationId });
export type BindConversation = z.infer<typeof bindConversationSchema>;

/**
 * ElevenLabs' post-call webhook (post_call_transcription): its type, and `data`, the conversation's
 * record in the shape of GET /v1/convai/conversations/{id}, which the service reads field by field
 * with bounds (elevenlabs.client.ts). Only believed after its ElevenLabs-Signature is verified.
 */
export const postCallWebhookSchema = z.object({
  type: z.string().max(100),
  event_timestamp: z.number().optional(),
  data: z
    .object({
      agent_id: z.string().max(200).optional(),
      conversation_id: z.string().max(200).optional(),
      status: z.string().max(50).optional(),
    })
    .passthrough()
    .optional(),
});
export const postCallWebhookAnswerSchema = z.object({
  /** True when the delivery changed an interview (its transcript, evaluation and charge were settled). */
  settled: z.boolean(),
});
