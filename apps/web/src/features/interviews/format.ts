import {
  CompanyInsights,
  companySlug,
  CreateInterview,
  defaultAuthor,
  InterviewForm,
  InterviewListItem,
  interviewTimeline,
  isProblemTopic,
} from '@app/contracts';

/** Where a company's logo is served (spec section 2): /logos/{lower-cased-name-with-hyphens}.png. */
export const logoPath = (name: string) => `/logos/${companySlug(name)}.png`;

/** A company's initials, as its drawn logo has them: the first letters of its first two words ('Jane Street' → 'JS'), else its first letter. */
export function monogram(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : (words[0]?.[0] ?? '?')).toUpperCase();
}

/** The company page of a name: its slug, which the insights call also accepts. */
export const companyPath = (name: string) => `/candidate-interviews/${encodeURIComponent(companySlug(name))}`;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** yyyy-mm-dd → 'March 20th, 2024' (read as a calendar day, no time zone can shift it); yyyy-mm (another's interview) → 'March 2024'. */
export function dayWithOrdinal(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return day ? `${months[month - 1]} ${ordinal(day)}, ${year}` : `${months[month - 1]} ${year}`;
}

/**
 * The card's date line: a process that ended (no offer, an offer, accepted) 'Completed on …'; one
 * still going, or whose outcome was not given, only had its last round then.
 */
export function completionLine({ outcome, completed_on }: Pick<InterviewListItem, 'outcome' | 'completed_on'>): string {
  if (!completed_on) return 'No completion date available';
  const ended = outcome === 'rejected' || outcome === 'offer' || outcome === 'accepted';
  return `${ended ? 'Completed on' : 'Last round'} ${dayWithOrdinal(completed_on)}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Spec section 9: under 7 days in days, under 30 in weeks, otherwise months. */
export function processDuration(days: number): string {
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return plural(Math.floor(days / 30), 'month');
}

export const roundsLabel = (n: number) => `${n} ${n === 1 ? 'Round' : 'Rounds'}`;

/**
 * "Practise these topics": Problem Review filtered to the company's five most asked problem topics,
 * which are catalogue tags, so it lists the tracked problems the catalogue tagged so.
 */
export function practiceLink(topTopics: CompanyInsights['top_topics']): string | undefined {
  const tags = topTopics
    .map((t) => t.topic)
    .filter(isProblemTopic)
    .slice(0, 5);
  return tags.length ? `/leetcode?tags=${tags.map(encodeURIComponent).join(',')}` : undefined;
}

/** Cards show at most three topics, then '+N more'. */
export function visibleTopics(topics: string[]): { shown: string[]; more: number } {
  return { shown: topics.slice(0, 3), more: Math.max(0, topics.length - 3) };
}

/**
 * A level's name with its parenthetical kept on one line: "Early Career" may wrap before
 * "(L4, E3, IC1, SDE I)", never inside it (between "SDE" and "I").
 */
export function levelParts(level: string): { name: string; aka?: string } {
  const match = /^(.*?)\s*(\(.*\))$/.exec(level);
  return match ? { name: match[1], aka: match[2] } : { name: level };
}

/**
 * The card of a filled-in form as others will see it once published: the completion month only, the
 * author as chosen (the service derives the same from the rounds when it stores the interview).
 */
export function previewCard(form: InterviewForm, username: string | undefined): InterviewListItem {
  const rounds: CreateInterview['interview_process'] = form.interview_process;
  const timeline = interviewTimeline(rounds);
  return {
    id: 'preview',
    company_id: form.company.id ?? '',
    company_name: form.company.name,
    level: form.level ?? null,
    title: form.title ?? null,
    location: form.location ?? null,
    outcome: form.outcome ?? null,
    topics: form.topics ?? [],
    rounds: rounds.map((r) => ({ round: r.round ?? null, asked: r.asked ?? null, problems: r.problems ?? [] })),
    round_count: timeline.round_count,
    // Others see the month only.
    completed_on: timeline.completed_on?.slice(0, 7) ?? null,
    process_days: timeline.process_days,
    created_at: new Date().toISOString(),
    author: form.show_username && username ? username : defaultAuthor,
    show_username: !!form.show_username,
    is_mine: false,
    helpful_count: 0,
    helpful_by_me: false,
    comment_count: 0,
  };
}
