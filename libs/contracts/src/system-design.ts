import { z } from 'zod';
import { formatCount } from './caps';
import { SystemDesignConceptKey, systemDesignConceptKeys } from './concepts';
import { reviewGrades } from './review-grades';

/** Who a prompt suits: the level whose round it is typical of. */
export const systemDesignLevels = ['mid', 'senior', 'staff'] as const;
export type SystemDesignLevel = (typeof systemDesignLevels)[number];
export const systemDesignLevelNames: Record<SystemDesignLevel, string> = { mid: 'Mid-level', senior: 'Senior', staff: 'Staff' };

/**
 * The delivery framework: the steps of a 45-minute round in order, each with its time box (the
 * timed mode's timer) and what its notes pane is for. The minutes add up to designTimedMinutes.
 */
export const designSteps = [
  {
    key: 'requirements',
    name: 'Requirements',
    minutes: 5,
    asks: 'What must it do, for how many users, and which qualities matter most? What is out of scope?',
  },
  { key: 'core_entities', name: 'Core entities', minutes: 3, asks: 'Which things does the system keep, and how do they relate?' },
  { key: 'api', name: 'API', minutes: 5, asks: 'Which calls does a client make, with what inputs and outputs?' },
  { key: 'data_flow', name: 'Data flow', minutes: 5, asks: 'How does data move through the system for the main use cases?' },
  { key: 'high_level_design', name: 'High-level design', minutes: 15, asks: 'Which components serve each requirement, and how do they connect?' },
  { key: 'deep_dives', name: 'Deep dives', minutes: 12, asks: 'Where does it break at scale, and how do you fix it? Which trade-offs did you make?' },
] as const;
export type DesignStepKey = (typeof designSteps)[number]['key'];
export const designStepKeys = designSteps.map((step) => step.key) as [DesignStepKey, ...DesignStepKey[]];
export const designTimedMinutes = 45;

/** Timed walks the steps against their time boxes; untimed keeps the steps without a clock. */
export const attemptModes = ['timed', 'untimed'] as const;
export type AttemptMode = (typeof attemptModes)[number];

/**
 * The self-review's five dimensions, each rated 1 (missing) to 4 (strong). A dimension rated at most
 * weakRubricScore makes review cards of its concepts, as a missed concept does.
 */
export const rubricDimensions = [
  { key: 'requirements_scope', name: 'Requirements and scope', concepts: ['requirements'] },
  { key: 'estimation', name: 'Estimation', concepts: ['estimation'] },
  { key: 'api_data_model', name: 'API and data model', concepts: ['api', 'dataModel'] },
  { key: 'high_level_design', name: 'High-level design', concepts: ['scaling'] },
  { key: 'depth_tradeoffs', name: 'Depth and trade-offs', concepts: ['tradeOffs'] },
] as const satisfies ReadonlyArray<{ key: string; name: string; concepts: readonly SystemDesignConceptKey[] }>;
export const weakRubricScore = 2;
export type RubricDimensionKey = (typeof rubricDimensions)[number]['key'];
export const rubricScoreNames = { 1: 'Missing', 2: 'Weak', 3: 'Solid', 4: 'Strong' } as const;
/** The best rubric total: five dimensions of at most 4. */
export const rubricTotalMax = rubricDimensions.length * 4;

export const systemDesignLimits = {
  /** An Excalidraw scene's JSON, in bytes; larger is a 413 with systemDesignMessages.sceneTooLarge. */
  sceneBytesMax: 1024 * 1024,
  /** One step's notes, in characters. */
  notesMax: 20_000,
  /** The autosave body may take the largest scene and every step's notes (the gateway and the service hold it to this). */
  autosaveBodyBytesMax: 1024 * 1024 + 256 * 1024,
  searchMax: 100,
} as const;

export const systemDesignMessages = {
  noPrompt: 'Could not find this system design prompt.',
  noAttempt: 'Could not find this attempt.',
  noConceptCard: 'There is no review card for this concept yet: it is made when a submitted attempt misses it.',
  sceneTooLarge: 'The drawing is larger than 1 MB, so it was not saved: remove images or large shapes and it will save again.',
  staleRevision: 'This attempt was saved from another tab or device since: reload to continue from the newer version.',
  submitted: 'This attempt is already submitted: start a new attempt to practise the prompt again.',
  notSubmitted: 'Submit the attempt before rating it.',
  mode: 'Mode must be timed or untimed',
  revision: 'Revision must be a whole number from 1',
  notes: `Notes must be text of at most ${formatCount(systemDesignLimits.notesMax)} characters per step`,
  noteStep: `Notes are kept per step: ${designSteps.map((step) => step.key).join(', ')}`,
  scene: 'The drawing must be an Excalidraw scene (a JSON object) or null',
  score: 'Each rubric score must be a whole number from 1 to 4',
  level: 'Level must be mid, senior or staff',
  concept: 'Unknown concept',
  company: 'Invalid company ID',
  search: `Search must not be longer than ${systemDesignLimits.searchMax} characters`,
  grade: 'Grade must be again, hard, good or easy',
} as const;

export const conceptRefSchema = z.object({ key: z.enum(systemDesignConceptKeys), name: z.string() });
export type ConceptRef = z.infer<typeof conceptRefSchema>;

/** Reports whose rounds name a prompt, at one company. */
export const askedAtCompanySchema = z.object({ company_id: z.string().uuid(), company_name: z.string(), reports: z.number().int() });
export type AskedAtCompany = z.infer<typeof askedAtCompanySchema>;

/** The caller's practice of one prompt. */
export const promptProgressSchema = z.object({
  attempts: z.number().int(),
  /** Submitted attempts only; null until one is rated. */
  best_rubric_total: z.number().int().nullable(),
  last_practised_at: z.string().nullable(),
});
export type PromptProgress = z.infer<typeof promptProgressSchema>;

export const promptSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  level: z.enum(systemDesignLevels),
  /** One sentence: what is being built. */
  summary: z.string(),
  concepts: z.array(conceptRefSchema),
  /** Interview reports whose rounds name it: all of them, and per company (most reports first). */
  asked_at: z.object({ reports: z.number().int(), companies: z.array(askedAtCompanySchema) }),
  progress: promptProgressSchema,
});
export type PromptSummary = z.infer<typeof promptSummarySchema>;

/** GET /api/system-design/prompts: every filter narrows (AND); q matches title, aliases and prompt text word by word. */
export const promptListQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string({ error: systemDesignMessages.search }).trim().max(systemDesignLimits.searchMax, { message: systemDesignMessages.search }).optional(),
  ),
  company: z.string({ error: systemDesignMessages.company }).uuid({ message: systemDesignMessages.company }).optional(),
  level: z.enum(systemDesignLevels, { message: systemDesignMessages.level }).optional(),
  concept: z.enum(systemDesignConceptKeys, { message: systemDesignMessages.concept }).optional(),
});
export type PromptListQuery = z.infer<typeof promptListQuerySchema>;

export const promptListSchema = z.object({
  prompts: z.array(promptSummarySchema),
  /** Every company some report names a prompt for, most reports first: the company filter's choices. */
  companies: z.array(askedAtCompanySchema),
});
export type PromptList = z.infer<typeof promptListSchema>;

export const attemptStatuses = ['in_progress', 'submitted'] as const;

export const rubricSchema = z.object(
  Object.fromEntries(
    rubricDimensions.map((d) => [
      d.key,
      z
        .number({ error: systemDesignMessages.score })
        .int({ message: systemDesignMessages.score })
        .min(1, { message: systemDesignMessages.score })
        .max(4, { message: systemDesignMessages.score }),
    ]),
  ) as Record<RubricDimensionKey, z.ZodNumber>,
);
export type Rubric = z.infer<typeof rubricSchema>;

export const attemptListItemSchema = z.object({
  id: z.string().uuid(),
  mode: z.enum(attemptModes),
  status: z.enum(attemptStatuses),
  started_at: z.string(),
  submitted_at: z.string().nullable(),
  rubric_total: z.number().int().nullable(),
});
export type AttemptListItem = z.infer<typeof attemptListItemSchema>;

/** GET /api/system-design/prompts/:slug. The reference outline stays null until the caller has submitted an attempt of it. */
export const promptSchema = promptSummarySchema.extend({
  /** The prompt as the interviewer would give it. */
  prompt: z.string(),
  reference_outline: z.array(z.string()).nullable(),
  /** The caller's attempts of it, newest first. */
  attempts: z.array(attemptListItemSchema),
});
export type SystemDesignPrompt = z.infer<typeof promptSchema>;

const notesSchema = z.partialRecord(
  z.enum(designStepKeys),
  z.string({ error: systemDesignMessages.notes }).max(systemDesignLimits.notesMax, { message: systemDesignMessages.notes }),
  // Zod reports a key that is not a step as unrecognized_keys, which this record's own issue types do not name.
  { error: (issue) => ((issue.code as string) === 'unrecognized_keys' ? systemDesignMessages.noteStep : systemDesignMessages.notes) },
);
const sceneSchema = z.record(z.string(), z.unknown(), { error: systemDesignMessages.scene }).nullable();

/** What submitting gives: the outline, the concepts the notes and drawing labels covered and missed, and the self-review once rated. */
export const attemptReviewSchema = z.object({
  reference_outline: z.array(z.string()),
  concepts_covered: z.array(conceptRefSchema),
  /** Each became (or refreshed) a review card in the due queue. */
  concepts_missed: z.array(conceptRefSchema),
  rubric: rubricSchema.nullable(),
  rubric_total: z.number().int().nullable(),
});
export type AttemptReview = z.infer<typeof attemptReviewSchema>;

export const attemptSchema = z.object({
  id: z.string().uuid(),
  prompt_slug: z.string(),
  prompt_title: z.string(),
  mode: z.enum(attemptModes),
  status: z.enum(attemptStatuses),
  started_at: z.string(),
  submitted_at: z.string().nullable(),
  /** The client's revision of the last save (0: never saved). */
  revision: z.number().int(),
  saved_at: z.string().nullable(),
  notes: notesSchema,
  /** The Excalidraw scene as the client saved it. */
  scene: sceneSchema,
  review: attemptReviewSchema.nullable(),
});
export type DesignAttempt = z.infer<typeof attemptSchema>;

export const startAttemptSchema = z.object({ mode: z.enum(attemptModes, { message: systemDesignMessages.mode }) });
export type StartAttempt = z.infer<typeof startAttemptSchema>;

/**
 * PUT /api/system-design/attempts/:id: the whole draft, last write wins by revision. The client
 * counts revisions up with each change; a save older than the stored one is a 409 (a stale tab
 * cannot overwrite newer work), the same revision again is answered as saved (a retry).
 */
export const autosaveSchema = z.object({
  revision: z
    .number({ error: systemDesignMessages.revision })
    .int({ message: systemDesignMessages.revision })
    .min(1, { message: systemDesignMessages.revision })
    .max(Number.MAX_SAFE_INTEGER, { message: systemDesignMessages.revision }),
  notes: notesSchema,
  scene: sceneSchema,
});
export type Autosave = z.infer<typeof autosaveSchema>;

export const savedDraftSchema = z.object({ revision: z.number().int(), saved_at: z.string() });
export type SavedDraft = z.infer<typeof savedDraftSchema>;

/** A concept a submitted attempt missed, scheduled by FSRS like a problem and graded with the same four grades. */
export const conceptCardSchema = z.object({
  concept: z.enum(systemDesignConceptKeys),
  name: z.string(),
  /** The card's question. */
  probe: z.string(),
  /** Shown once the candidate has tried to recall it. */
  teaches: z.string(),
  /** The prompt whose attempt missed it last. */
  prompt_slug: z.string(),
  prompt_title: z.string(),
  due_at: z.string(),
  /** FSRS retrievability now, 0–100; null before the first review. */
  retention: z.number().int().nullable(),
  reviews: z.number().int(),
});
export type ConceptCard = z.infer<typeof conceptCardSchema>;

export const reviewConceptCardSchema = z.object({ grade: z.enum(reviewGrades, { message: systemDesignMessages.grade }) });
export type ReviewConceptCard = z.infer<typeof reviewConceptCardSchema>;

/** GET /api/system-design/progress: practised prompts (last practised first) and every concept card (weakest first). */
export const systemDesignProgressSchema = z.object({
  prompts: z.array(promptProgressSchema.extend({ slug: z.string(), title: z.string() })),
  concepts: z.array(conceptCardSchema),
});
export type SystemDesignProgress = z.infer<typeof systemDesignProgressSchema>;

/** What /analytics shows of System Design (practiceAnalyticsSchema.system_design). */
export const systemDesignAnalyticsSchema = z.object({
  attempts: z.number().int(),
  submitted: z.number().int(),
  prompts_practised: z.number().int(),
  /** Mean of each rated prompt's best rubric total; null before a rating. */
  mean_best_rubric_total: z.number().nullable(),
  concept_cards: z.number().int(),
  /** Concepts by FSRS retention, lowest first, at most 5 (reviewed cards only). */
  weakest_concepts: z.array(z.object({ concept: z.enum(systemDesignConceptKeys), name: z.string(), retention: z.number().int() })),
});
export type SystemDesignAnalytics = z.infer<typeof systemDesignAnalyticsSchema>;
