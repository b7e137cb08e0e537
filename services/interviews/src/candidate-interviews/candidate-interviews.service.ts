import { Injectable } from '@nestjs/common';
import {
  AuthUser,
  CompanyInsights,
  CreateInterview,
  InterviewListItem,
  InterviewLocation,
  interviewMessages,
  InterviewQuery,
  StoredOutcome,
} from '@app/contracts';
import { isErased, notFound, unauthorized, validationFailed } from '@app/service-kit';
import { CandidateInterviewsRepository, Derived, InterviewRow } from './candidate-interviews.repository';
import { decodeCursor, encodeCursor } from './cursor';

export const interviewNotFound = () => notFound('Could not find this interview');
const dayMs = 24 * 60 * 60 * 1000;

/** Completion date, duration and round count, from the rounds' dates (yyyy-mm-dd sorts as it reads). */
export function derive(rounds: CreateInterview['interview_process']): Derived {
  const dates = rounds
    .map((r) => r.round_date_str)
    .filter((d): d is string => !!d)
    .sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  return {
    completed_on: last ?? null,
    process_days: dates.length >= 2 ? Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / dayMs) : null,
    round_count: rounds.length,
  };
}

/** The card everyone may see: exact round dates stay with their owner. */
function asSeenBy(userId: string, row: InterviewRow): InterviewListItem {
  const mine = row.user_id === userId;
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    level: row.level,
    title: row.title,
    location: row.location,
    outcome: row.outcome,
    topics: row.topics,
    rounds: row.rounds.map((r) => (mine ? { round: r.round, round_date_str: r.round_date_str } : { round: r.round })),
    round_count: row.round_count,
    completed_on: row.completed_on,
    process_days: row.process_days,
    created_at: row.created_at,
    is_mine: mine,
  };
}

@Injectable()
export class CandidateInterviewsService {
  constructor(private readonly interviews: CandidateInterviewsRepository) {}

  /** A page and, when more remain, the cursor of the next one (one row more is read to know). */
  async list(user: AuthUser, query: InterviewQuery): Promise<{ items: InterviewListItem[]; next?: string }> {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.interviews.page(query, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => asSeenBy(user.id, row)),
      next: rows.length > query.limit && last ? encodeCursor({ createdAt: last.position, id: last.id }) : undefined,
    };
  }

  async create(user: AuthUser, input: CreateInterview): Promise<InterviewListItem> {
    // A deleted account's access token works until it expires; it must not add to erased data.
    if (await isErased(this.interviews.db, user.id)) throw unauthorized('This account has been deleted');
    const row = await this.interviews.insert(user.id, input, derive(input.interview_process));
    if (!row) throw validationFailed({ company_id: interviewMessages.company });
    return asSeenBy(user.id, row);
  }

  async setOutcome(user: AuthUser, id: string, outcome: StoredOutcome): Promise<InterviewListItem> {
    const row = await this.interviews.setOutcome(user.id, id, outcome);
    if (!row) throw interviewNotFound();
    return asSeenBy(user.id, row);
  }

  async delete(user: AuthUser, id: string): Promise<void> {
    if (!(await this.interviews.delete(user.id, id))) throw interviewNotFound();
  }

  locations(): Promise<InterviewLocation[]> {
    return this.interviews.locations();
  }

  async insights(companyName: string): Promise<CompanyInsights> {
    const insights = await this.interviews.insights(companyName);
    if (!insights) throw notFound('Could not find this company');
    return insights;
  }
}
