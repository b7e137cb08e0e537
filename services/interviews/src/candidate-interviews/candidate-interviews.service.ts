import { Injectable } from '@nestjs/common';
import {
  AuthUser,
  CompanyInsights,
  CreateInterview,
  defaultAuthor,
  HelpfulVote,
  helpfulMessages,
  InterviewListItem,
  InterviewLocation,
  interviewMessages,
  InterviewQuery,
  InterviewSearch,
  InterviewSearchItem,
  interviewTimeline,
  SearchSnippet,
  offerMessages,
  StoredOutcome,
} from '@app/contracts';
import { decodePageCursor, encodePageCursor, forbidden, isErased, notFound, unauthorized, validationFailed } from '@app/service-kit';
import { AuthorNames } from './author-names';
import { CandidateInterviewsRepository, InterviewRow, PageEnd, SearchEnd, snippetMarks } from './candidate-interviews.repository';
import { KeptAnswers } from './kept-answers';

const interviewNotFound = () => notFound('Could not find this interview');
/** The card everyone may see: exact round dates stay with their owner. */
const asSeenBy = (userId: string, row: InterviewRow, helpfulByMe = false): InterviewListItem => card(row, row.user_id === userId, helpfulByMe);

/**
 * Others see the completion month only (yyyy-mm): the exact last day minus the process length
 * would give them the first round's exact date.
 */
const completionAsSeen = (completedOn: string | null, mine: boolean): string | null => (mine || !completedOn ? completedOn : completedOn.slice(0, 7));

function card(row: InterviewRow, mine: boolean, helpfulByMe: boolean): InterviewListItem {
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    level: row.level,
    title: row.title,
    location: row.location,
    outcome: row.outcome,
    topics: row.topics,
    rounds: row.rounds.map((r) => {
      const asked = { round: r.round, asked: r.asked ?? null, problems: r.problems ?? [] };
      return mine ? { ...asked, round_date_str: r.round_date_str } : asked;
    }),
    round_count: row.round_count,
    completed_on: completionAsSeen(row.completed_on, mine),
    process_days: row.process_days,
    created_at: row.created_at,
    author: row.show_username && row.author_name ? row.author_name : defaultAuthor,
    show_username: row.show_username,
    is_mine: mine,
    helpful_count: row.helpful_count,
    helpful_by_me: helpfulByMe,
    comment_count: row.comment_count,
  };
}

/**
 * Sorted by helpful, the position after a page also needs the last card's count: `h<count>.<cursor>`.
 * Like the newest-first cursor, one the service did not make is a 400.
 */
function encodeCursor(last: InterviewRow, query: InterviewQuery): string {
  const position = encodePageCursor({ createdAt: last.position, id: last.id });
  return query.sort === 'helpful' ? `h${last.helpful_count}.${position}` : position;
}

function decodeCursor(cursor: string, query: InterviewQuery): PageEnd {
  if (query.sort !== 'helpful') return decodePageCursor(cursor, interviewMessages.cursor);
  const match = /^h(\d{1,9})\.(.+)$/.exec(cursor);
  if (!match) throw validationFailed({ cursor: interviewMessages.cursor });
  return { ...decodePageCursor(match[2], interviewMessages.cursor), helpful: Number(match[1]) };
}

/** A search's cursor: the last card's rank (exactly as Postgres printed it) before its position, `<rank>~<cursor>`. */
const encodeSearchCursor = (last: { rank: string; position: string; id: string }): string =>
  `${last.rank}~${encodePageCursor({ createdAt: last.position, id: last.id })}`;

function decodeSearchCursor(cursor: string): SearchEnd {
  const match = /^(\d+(?:\.\d+)?(?:e-?\d+)?)~(.+)$/.exec(cursor);
  if (!match) throw validationFailed({ cursor: interviewMessages.cursor });
  return { ...decodePageCursor(match[2], interviewMessages.cursor), rank: match[1] };
}

/** ts_headline's text with its marks, as parts: the web shows the highlighted ones as <mark>, as text (never markup). */
function snippetParts(headline: string): SearchSnippet {
  const parts: SearchSnippet = [];
  for (const [i, piece] of headline.split(snippetMarks.start).entries()) {
    const [hit, rest] = i === 0 ? [undefined, piece] : piece.split(snippetMarks.stop, 2);
    if (hit) parts.push({ text: hit, highlighted: true });
    if (rest) parts.push({ text: rest, highlighted: false });
  }
  return parts;
}

/** A page as everyone but each card's owner sees it, and the cursor of the next page when more remain. */
interface KeptPage {
  cards: { row: InterviewRow; publicJson: string }[];
  next?: string;
  bytes: number;
}

/** One key per distinct page: the order within a filter group does not change the page (OR within a group). */
const pageKey = (query: InterviewQuery): string =>
  JSON.stringify([
    [...(query.company_id ?? [])].sort(),
    (query.company ?? []).map((c) => c.toLowerCase()).sort(),
    [...(query.level ?? [])].sort(),
    [...(query.title ?? [])].sort(),
    (query.location ?? []).map((l) => l.toLowerCase()).sort(),
    [...(query.outcome ?? [])].sort(),
    query.limit,
    query.cursor ?? '',
    query.sort,
  ]);

// Measured on the bench (100,000 interviews): a 50-card page is ~24 KB of JSON, ~60 KB held with its rows.
const keptPagesBytes = 48 * 1024 * 1024;

@Injectable()
export class CandidateInterviewsService {
  private readonly pages = new KeptAnswers<KeptPage>((page) => page.bytes, keptPagesBytes);
  // Sized by their JSON (twice, for the objects held): offer ranges make a company's answer grow with its currencies and levels.
  private readonly companyInsights = new KeptAnswers<CompanyInsights | null>((insights) => 2 * JSON.stringify(insights).length, 4 * 1024 * 1024);

  constructor(
    private readonly interviews: CandidateInterviewsRepository,
    private readonly authorNames: AuthorNames,
  ) {}

  /**
   * A page as JSON and, when more remain, the cursor of the next one (one row more is read to know).
   * Pages are kept while no interview or company changes (a one-row read tells), so a repeated read
   * costs that read and putting the cards' kept JSON together; the caller's own cards (with their
   * exact dates) and those they marked helpful (one indexed read) are written for them.
   */
  async list(user: AuthUser, query: InterviewQuery): Promise<{ json: string; next?: string }> {
    const after = query.cursor ? decodeCursor(query.cursor, query) : undefined;
    const changes = await this.interviews.changes();
    const page = await this.pages.get(pageKey(query), changes, async () => {
      const rows = await this.interviews.page(query, after, query.limit + 1);
      const shown = rows.slice(0, query.limit);
      const last = shown[shown.length - 1];
      const cards = shown.map((row) => ({ row, publicJson: JSON.stringify(card(row, false, false)) }));
      return {
        cards,
        next: rows.length > query.limit && last ? encodeCursor(last, query) : undefined,
        bytes: cards.reduce((sum, card) => sum + 2.5 * card.publicJson.length, 0),
      };
    });
    const helpful = await this.interviews.markedHelpfulBy(
      user.id,
      page.cards.map((card) => card.row.id),
    );
    const json = `[${page.cards
      .map((card) =>
        card.row.user_id === user.id || helpful.has(card.row.id) ? JSON.stringify(asSeenBy(user.id, card.row, helpful.has(card.row.id))) : card.publicJson,
      )
      .join(',')}]`;
    return { json, next: page.next };
  }

  /** A page of a search, best match first, each card as the caller may see it with where it matched. */
  async search(user: AuthUser, query: InterviewSearch): Promise<{ items: InterviewSearchItem[]; next?: string }> {
    const after = query.cursor ? decodeSearchCursor(query.cursor) : undefined;
    const rows = await this.interviews.search(query, after, query.limit + 1);
    const shown = rows.slice(0, query.limit);
    const helpful = await this.interviews.markedHelpfulBy(
      user.id,
      shown.map((row) => row.id),
    );
    const last = shown[shown.length - 1];
    return {
      items: shown.map((row) => ({ ...asSeenBy(user.id, row, helpful.has(row.id)), snippet: snippetParts(row.snippet) })),
      next: rows.length > query.limit && last ? encodeSearchCursor(last) : undefined,
    };
  }

  /** `authorization`: the caller's own bearer token, which profile takes to say their username. */
  async create(user: AuthUser, input: CreateInterview, authorization: string): Promise<InterviewListItem> {
    // A deleted account's access token works until it expires; it must not add to erased data.
    if (await isErased(this.interviews.db, user.id)) throw unauthorized('This account has been deleted');
    if (input.offer && input.outcome !== 'offer') throw validationFailed({ offer: offerMessages.outcome });
    const authorName = input.show_username ? await this.authorNames.usernameOf(authorization) : null;
    const row = await this.interviews.insert({ id: user.id, confirmed: user.email_verified }, input, interviewTimeline(input.interview_process), authorName);
    if (!row) throw validationFailed({ company_id: interviewMessages.company });
    return asSeenBy(user.id, row);
  }

  async setOutcome(user: AuthUser, id: string, outcome: StoredOutcome): Promise<InterviewListItem> {
    const row = await this.interviews.setOutcome(user.id, id, outcome);
    if (!row) throw interviewNotFound();
    if (user.email_verified) await this.interviews.confirmed(user.id);
    return asSeenBy(user.id, row);
  }

  async delete(user: AuthUser, id: string): Promise<void> {
    if (!(await this.interviews.delete(user.id, id))) throw interviewNotFound();
  }

  async markHelpful(user: AuthUser, id: string): Promise<HelpfulVote> {
    const vote = await this.interviews.markHelpful(user.id, id);
    if (vote === 'own') throw forbidden(helpfulMessages.own);
    if (!vote) throw interviewNotFound();
    return vote;
  }

  async unmarkHelpful(user: AuthUser, id: string): Promise<HelpfulVote> {
    const vote = await this.interviews.unmarkHelpful(user.id, id);
    if (!vote) throw interviewNotFound();
    return vote;
  }

  locations(): Promise<InterviewLocation[]> {
    return this.interviews.locations();
  }

  async insights(companyName: string): Promise<CompanyInsights> {
    const changes = await this.interviews.changes();
    const insights = await this.companyInsights.get(companyName.toLowerCase(), changes, async () => (await this.interviews.insights(companyName)) ?? null);
    if (!insights) throw notFound('Could not find this company');
    return insights;
  }
}
