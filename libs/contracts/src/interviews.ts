import { z } from 'zod';
import { emptyToNull, limits } from './common';

/** Spec section 9, interview data. */
export const interviewLevels = [
  'Intern',
  'New Graduate (first job out of college)',
  'Early Career (L4, E3, IC1, SDE I)',
  'Mid-level (L5, E4, IC2, SDE II)',
  'Senior (L6, E5, IC3, SDE III)',
  'Principal (L7, E6, IC4, Staff)',
  'Other',
] as const;

export const interviewTitles = [
  'Software Engineer',
  'Production Engineer',
  'Data Scientist',
  'Site Reliability Engineer',
  'Engineering Manager',
] as const;

export const roundCategories = [
  'Recruiter Call',
  'Online Assessment / Take Home',
  'Leetcode (DSA)',
  'Coding (non-Leetcode)',
  'System Design',
  'Behavioural',
  'Other',
] as const;

export const interviewTopics = [
  'Arrays', 'Strings', 'Hash Tables', 'Linked Lists', 'Stacks', 'Queues', 'Trees', 'Graphs', 'Heaps', 'DFS',
  'BFS', 'Binary Search', 'Sorting', 'Dynamic Programming', 'Greedy', 'Backtracking', 'Math', 'Bit Manipulation',
  'System Design', 'OOP', 'Database Design', 'LC Easy', 'LC Medium', 'LC Hard', 'Python', 'JavaScript', 'Java',
  'C++', 'Go',
] as const;

/** The form's three outcome buttons and what is stored for each (contract page). */
export const formOutcomes = [
  { label: 'Ongoing', value: 'ongoing' },
  { label: 'No offer', value: 'rejected' },
  { label: 'Offer', value: 'offer' },
] as const;
export const storedOutcomes = ['ongoing', 'rejected', 'offer', 'accepted'] as const;
export type StoredOutcome = (typeof storedOutcomes)[number];

export const maxRounds = 10;
export const defaultLocation = 'Somewhere in the world';
export const defaultAuthor = 'Some Candidate';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const todayUtc = () => new Date().toISOString().slice(0, 10);

export const interviewRoundSchema = z.object({
  round: z.preprocess(emptyToNull, z.enum(roundCategories, { message: 'Please choose a round category' }).nullable().optional()),
  round_date_str: z.preprocess(
    emptyToNull,
    z
      .string()
      .regex(isoDate, { message: 'Round dates must be yyyy-mm-dd' })
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { message: 'Round dates must be yyyy-mm-dd' })
      .refine((d) => d <= todayUtc(), { message: 'Round dates cannot be in the future' })
      .nullable()
      .optional(),
  ),
});
export type InterviewRound = z.infer<typeof interviewRoundSchema>;

const optionalText = z.preprocess(emptyToNull, z.string().trim().max(limits.titleMax).nullable().optional());

export const createInterviewSchema = z.object({
  company_id: z.string({ error: 'Invalid company ID' }).uuid({ message: 'Invalid company ID' }),
  level: optionalText,
  title: optionalText,
  location: optionalText,
  interview_process: z
    .array(interviewRoundSchema)
    .min(1, { message: 'Add at least one round' })
    .max(maxRounds, { message: `At most ${maxRounds} rounds` }),
  outcome: z.preprocess(emptyToNull, z.enum(storedOutcomes, { message: 'Please choose an outcome' }).nullable().optional()),
  topics: z.preprocess(
    emptyToNull,
    z.array(z.string().trim().min(1).max(100)).max(limits.listMax, { message: `At most ${limits.listMax} topics` }).nullable().optional(),
  ),
});
export type CreateInterview = z.infer<typeof createInterviewSchema>;

/** One interview as everyone sees it; exact round dates only on the caller's own (`is_mine`). */
export const interviewListItemSchema = z.object({
  id: z.string().uuid(),
  company_id: z.string().uuid(),
  company_name: z.string(),
  level: z.string().nullable(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  outcome: z.enum(storedOutcomes).nullable(),
  topics: z.array(z.string()),
  rounds: z.array(z.object({ round: z.string().nullable(), round_date_str: z.string().nullable().optional() })),
  round_count: z.number().int(),
  completed_on: z.string().nullable(),
  process_days: z.number().int().nullable(),
  created_at: z.string(),
  is_mine: z.boolean(),
});
export type InterviewListItem = z.infer<typeof interviewListItemSchema>;

const many = <T extends z.ZodTypeAny>(item: T) => z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());

export const interviewQuerySchema = z.object({
  company_id: many(z.string().uuid({ message: 'Invalid company ID' })),
  level: many(z.string()),
  title: many(z.string()),
  location: many(z.string()),
  outcome: many(z.enum(storedOutcomes)),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().optional(),
});
export type InterviewQuery = z.infer<typeof interviewQuerySchema>;

/** PATCH /api/candidate-interviews/{id}: the owner records the result later. */
export const updateInterviewSchema = z.object({
  outcome: z.enum(storedOutcomes, { message: 'Please choose an outcome' }),
});
export type UpdateInterview = z.infer<typeof updateInterviewSchema>;

/** GET /api/all-companies/{companyName}/insights: what candidates report about one company. */
export const companyInsightsSchema = z.object({
  company_id: z.string().uuid(),
  company_name: z.string(),
  interview_count: z.number().int(),
  outcomes: z.record(z.string(), z.number().int()),
  /** Offers (and accepted offers) over interviews with a final outcome; null when none has one. */
  offer_rate: z.number().nullable(),
  round_mix: z.record(z.string(), z.number().int()),
  top_topics: z.array(z.object({ topic: z.string(), count: z.number().int() })),
  median_process_days: z.number().nullable(),
  levels: z.record(z.string(), z.number().int()),
});
export type CompanyInsights = z.infer<typeof companyInsightsSchema>;
