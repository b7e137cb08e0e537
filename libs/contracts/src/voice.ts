import { z } from 'zod';
import { interviewLevels, interviewTopics } from './interviews';

/** Spec section 9, AI mock interview. */
export const voiceConstants = {
  creditsPerSession: 5,
  sessionLimitMinutes: 20,
  warningLastSeconds: 60,
  /** A call that connected but ended sooner than this with no answer never took place: it is refunded (docs/voice-credits.md). */
  refundUnderSeconds: 30,
  defaultInputFormat: 'pcm_16000',
  /** Spec section 9: a quarter-second input buffer. */
  inputChunkDurationMs: 250,
  /**
   * The page's "I'm done" button, sent as an ElevenLabs contextual_update with this text: the local
   * interviewer takes the turn at once instead of waiting out its pause, and an ElevenLabs agent reads it.
   */
  answerDoneText: 'The candidate has finished their answer and is waiting for you.',
  /** The page's reconnect backoff after a dropped call (spec): 1 s, 2 s, 5 s, then every 10 s, until the resume window ends. */
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000],
  /** How long a dropped call can be resumed (the service's VOICE_RESUME_WINDOW_MS default). */
  resumeWindowSeconds: 120,
} as const;

/** Every label and message of the AI mock interview page (spec sections 4 and 8). */
export const voiceMessages = {
  insufficientCredits: 'Not enough credits: an interview costs 5 credits',
  startFailed: 'Failed to start conversation with AI interviewer',
  endFailed: 'Failed to end conversation properly',
  microphoneDenied: 'Microphone access denied. Please allow microphone access to continue.',
  started: 'Conversation Started',
  confirmEnd: 'Are you sure you want to end the interview? This action cannot be undone.',
  continueInterview: 'Continue Interview',
  answerDone: "I'm done",
  endInterview: 'End Interview',
  timesUp: "Time's up!",
  noSession: 'Could not find this interview',
  notTranscribed: '(answer not transcribed: no offline speech recogniser is installed)',
  deletedAccount: 'This account has been deleted',
  providerUnavailable: 'The AI interviewer is unavailable right now, please try again later',
  /** The call dropped: the page reconnects to the same session (spec backoff) while it can. */
  reconnecting: 'Reconnecting…',
  resumeInterview: 'Resume interview',
  notResumable: 'This interview can no longer be resumed: it ended, or its call dropped more than 2 minutes ago',
  elevenLabsNotResumable: 'An interview with the ElevenLabs interviewer cannot be resumed',
  stillConnected: 'This interview is still connected: try again in a moment',
} as const;

/** What the candidate picks before starting: the plan is drawn from it (a general plan without it). */
export const interviewContextSchema = z.object({
  company: z.string().trim().min(1).max(100).optional(),
  level: z.enum(interviewLevels).optional(),
  /** The company page's most asked topics; repeated as ?topics=Graphs&topics=Trees. */
  topics: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.enum(interviewTopics)).max(10)).optional(),
  /** The interview's length: the plan fills it (20 by default, the limit). */
  minutes: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.union([z.literal(10), z.literal(20)])).optional(),
});
export type InterviewContext = z.infer<typeof interviewContextSchema>;

export const signedUrlSchema = z.object({ signedUrl: z.string(), sessionId: z.string().uuid() });
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

/** Lengths the candidate can pick; the call's limit stays sessionLimitMinutes. */
export const interviewLengths = [10, 20] as const;

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

export const voiceSessionStatuses = ['pending', 'connected', 'ended'] as const;
export const voiceEndReasons = ['user', 'agent', 'time_limit', 'never_connected', 'error'] as const;

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
  /** Set while a dropped call can be resumed (POST …/resume), until this time; null otherwise. */
  resumable_until: z.string().nullable(),
});
export type VoiceSession = z.infer<typeof voiceSessionSchema>;

export const voiceSessionDetailSchema = voiceSessionSchema.extend({
  transcript: z.array(transcriptEntrySchema),
  report: voiceReportSchema.nullable(),
});
export type VoiceSessionDetail = z.infer<typeof voiceSessionDetailSchema>;

/** The ElevenLabs conversation id the browser saw (its transcript is fetched from ElevenLabs afterwards). */
export const endSessionSchema = z.object({ conversation_id: z.string().trim().min(1).max(200).optional() });
export type EndSession = z.infer<typeof endSessionSchema>;
