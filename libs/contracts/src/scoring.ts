/**
 * Spec section 9, once: the service stores what these compute and the web shows them live.
 */
import { Card, CardInput, createEmptyCard, fsrs, generatorParameters, Grade, Rating } from 'ts-fsrs';
import { systemDesignConcepts, SystemDesignConceptKey } from './concepts';
import { errorTypeCatalogue } from './practice-labels';
import type { ReviewGrade } from './review-grades';
import type { ConceptCard } from './system-design';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const DAY_MS = 86_400_000;

/** 100 minus the deductions of the chosen errors, never below 0; unknown ids deduct nothing. */
export function correctnessFromErrors(
  errorIds: readonly string[],
  catalogue: ReadonlyArray<{ id: string; score_impact: number }> = errorTypeCatalogue,
): number {
  const chosen = new Set(errorIds);
  const deducted = catalogue.filter((e) => chosen.has(e.id)).reduce((sum, e) => sum + e.score_impact, 0);
  return Math.max(0, 100 - deducted);
}

/** 0 without a submission; else 100 − 5 per full 120 s − 20 per submission beyond the first, never below 0. */
export function confidenceFrom(submissions: number, minutes: number): number {
  if (!submissions || submissions <= 0) return 0;
  const seconds = Math.max(0, minutes) * 60;
  return Math.max(0, 100 - 5 * Math.floor(seconds / 120) - 20 * (submissions - 1));
}

export interface ScoredSession {
  correctness: number;
  confidence: number;
  /** Minutes. */
  timer: number;
  created_at: string | Date;
}

const retentionWeights = [0.6, 0.3, 0.1];

/**
 * The last three sessions weighted 0.6/0.3/0.1 (renormalised when fewer), each the clamped mean of
 * correctness and confidence; times min(1, 60 / latest minutes) and exp(−days since latest / 30);
 * rounded, 0–100. No sessions: null.
 */
export function retentionScore(sessions: readonly ScoredSession[], now: Date = new Date()): number | null {
  if (sessions.length === 0) return null;
  // Parse each date once: the list calls this for thousands of questions per request.
  const recent = sessions
    .map((s) => ({ s, at: typeof s.created_at === 'string' ? Date.parse(s.created_at) : s.created_at.getTime() }))
    .sort((a, b) => b.at - a.at)
    .slice(0, 3);
  const weights = retentionWeights.slice(0, recent.length);
  const total = weights.reduce((a, b) => a + b, 0);
  const weighted = recent.reduce((sum, { s }, i) => sum + (weights[i] / total) * clamp((s.correctness + s.confidence) / 2, 0, 100), 0);
  const latest = recent[0];
  const timeFactor = Math.min(1, 60 / Math.max(1, latest.s.timer));
  const days = Math.max(0, (now.getTime() - latest.at) / DAY_MS);
  return clamp(Math.round(weighted * timeFactor * Math.exp(-days / 30)), 0, 100);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** today; N day(s) ago (< 7 days); N week(s) (< 4 weeks); N month(s) (< 12 months); N year(s) (< 3 years); 3+ years ago. */
export function relativeTime(date: string | Date, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(date).getTime()) / DAY_MS);
  if (days < 1) return 'today';
  if (days < 7) return plural(days, 'day');
  if (days < 28) return plural(Math.floor(days / 7), 'week');
  const months = Math.max(1, Math.floor(days / 30));
  if (months < 12) return plural(months, 'month');
  const years = Math.max(1, Math.floor(days / 365));
  return years < 3 ? plural(years, 'year') : '3+ years ago';
}

/**
 * Due dates: each question is an FSRS card (ts-fsrs), reviewed once per logged session. A review
 * graded Again/Hard/Good/Easy is fed to FSRS as that grade. Without a grade, it comes from what the
 * candidate logged (docs/practice-scheduling.md):
 *
 * | Grade  | When (c = correctness, f = confidence, t = minutes)              |
 * |--------|------------------------------------------------------------------|
 * | Again  | c < 50, or f = 0 (not solved: wrong approach, or no submission)  |
 * | Easy   | c ≥ 90 and f ≥ 90 and t ≤ 20                                     |
 * | Good   | (c + f) / 2 ≥ 70 and t ≤ 45                                      |
 * | Hard   | anything else: solved, but shakily or slowly                     |
 */
export function reviewRating(session: Pick<ScoredSession, 'correctness' | 'confidence' | 'timer'>): ReviewGrade {
  const { correctness: c, confidence: f, timer: t } = session;
  if (c < 50 || f === 0) return 'again';
  if (c >= 90 && f >= 90 && t <= 20) return 'easy';
  if ((c + f) / 2 >= 70 && t <= 45) return 'good';
  return 'hard';
}

/** What FSRS is told of a review: the grade chosen, else the one its scores give. */
export function reviewGrade(session: GradedSession): ReviewGrade {
  return session.grade ?? reviewRating(session);
}

/** A review as the scheduler reads it. */
type GradedSession = Pick<ScoredSession, 'correctness' | 'confidence' | 'timer'> & { grade?: ReviewGrade | null };

const ratings: Record<ReviewGrade, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

/** What a question keeps between reviews: the FSRS card, dates as ISO text (it is stored as JSON). */
export interface ScheduleCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string | null;
}

// Day granularity: a coding problem is not re-solved minutes later, so no short-term (minute) steps;
// no fuzz, so the same reviews always give the same due date.
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

/** The card after one more review at `at`: a question's first review starts from an empty card. */
export function scheduleReview(card: ScheduleCard | null, session: GradedSession, at: Date): ScheduleCard {
  const from: Card | CardInput = card ?? createEmptyCard(at);
  const next = scheduler.next(from, at, ratings[reviewGrade(session)]).card;
  return {
    due: next.due.toISOString(),
    stability: next.stability,
    difficulty: next.difficulty,
    elapsed_days: next.elapsed_days,
    scheduled_days: next.scheduled_days,
    learning_steps: next.learning_steps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    last_review: next.last_review ? next.last_review.toISOString() : null,
  };
}

/** FSRS retrievability of a card at `at`, 0–100: the chance of recalling it now (a concept card's retention). */
export function recallChance(card: ScheduleCard, at: Date): number {
  return Math.round(
    scheduler.get_retrievability({ ...card, due: new Date(card.due), last_review: card.last_review ? new Date(card.last_review) : undefined }, at, false) * 100,
  );
}

/** A concept card as stored (practice's design_concept_cards): its FSRS card is null before the first review. */
export interface StoredConceptCard {
  concept: SystemDesignConceptKey;
  prompt_slug: string;
  prompt_title: string;
  schedule: ScheduleCard | null;
  due_at: string;
  reviews: number;
}

/** The card as the due queue and the progress show it: the vocabulary's question and lesson, and its retention now. */
export function conceptCardOf(row: StoredConceptCard, now: Date): ConceptCard {
  const { name, probe, teaches } = systemDesignConcepts[row.concept];
  const { schedule, ...rest } = row;
  return { ...rest, name, probe, teaches, retention: schedule ? recallChance(schedule, now) : null };
}

/**
 * Formatters by time zone, made once each: making one costs far more than formatting with it (a list
 * shows each row's due day, and the server works out due days per request). A zone that is not one
 * throws when its formatter is made; spellings of one zone differ by case, hence a bound all the same.
 */
const FORMATTERS_MAX = 1_000;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();
const instantFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterIn(formatters: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = make();
    if (formatters.size >= FORMATTERS_MAX) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar day of `date` as yyyy-mm-dd in `timeZone` (the candidate's, see practiceApi.getTimeZone),
 * or in the runtime's own zone without one.
 */
export function dayIn(date: Date, timeZone?: string): string {
  if (timeZone) return formatterIn(dayFormatters, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone })).format(date);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** `date` in full (date and time to the second) in the runtime's language, on `timeZone`'s clock (the runtime's own without one). */
export function instantIn(date: Date, timeZone?: string): string {
  const format = () =>
    new Intl.DateTimeFormat(undefined, { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  return formatterIn(instantFormatters, timeZone ?? '', format).format(date);
}

/** How far `timeZone`'s clock is ahead of UTC at the instant `at` (ms since the epoch, whole seconds). */
function offsetAt(at: number, timeZone: string): number {
  const clock = formatterIn(
    clockFormatters,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  );
  const parts = Object.fromEntries(clock.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - at;
}

/** The end of `now`'s day in `timeZone` (the runtime's own without one): whatever is due by then is "due today". */
export function endOfDay(now: Date, timeZone?: string): Date {
  if (!timeZone) {
    const end = new Date(now);
    end.setHours(23, 59, 59, 999);
    return end;
  }
  const [y, m, d] = dayIn(now, timeZone).split('-').map(Number);
  // The next midnight on the zone's clock; its offset there is read twice, in case it changes that night.
  const midnight = Date.UTC(y, m - 1, d + 1);
  const guess = midnight - offsetAt(midnight, timeZone);
  return new Date(midnight - offsetAt(guess, timeZone) - 1);
}

/** Questions due by the end of today in `timeZone` (the runtime's own without one), overdue included. */
export function dueTodayCount(questions: ReadonlyArray<{ due_at: string }>, now: Date = new Date(), timeZone?: string): number {
  const end = endOfDay(now, timeZone).getTime();
  return questions.reduce((n, q) => n + (Date.parse(q.due_at) <= end ? 1 : 0), 0);
}

export interface PacingPlan {
  /** Reviews a day, from today up to the day before the interview. */
  perDay: number;
  /** Days left to review in, today included. */
  days: number;
  /** The last day to review on (yyyy-mm-dd), the day before the interview. */
  until: string;
}

/**
 * With an interview on `interviewDay` (yyyy-mm-dd), every one of `problems` gets at least one more
 * review before it, spread evenly over the days left (today in `timeZone`, or the runtime's own,
 * included; the interview day not): ceil(problems / days) a day. Null when there is nothing to
 * review or the day is today or past.
 */
export function pacingPlan(problems: number, interviewDay: string, now: Date = new Date(), timeZone?: string): PacingPlan | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(interviewDay);
  if (!match || problems <= 0) return null;
  const [y, m, d] = dayIn(now, timeZone).split('-').map(Number);
  // Calendar days counted on UTC's clock, where every day is 24 hours.
  const interview = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const days = Math.round((interview - Date.UTC(y, m - 1, d)) / DAY_MS);
  if (days < 1) return null;
  return { perDay: Math.ceil(problems / days), days, until: new Date(interview - DAY_MS).toISOString().slice(0, 10) };
}
