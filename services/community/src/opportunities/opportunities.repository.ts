import { Inject, Injectable } from '@nestjs/common';
import { closedReportsToClose } from '@app/contracts';
import type { CreateOpportunity, Opportunity, OpportunityClosed, OpportunityFields, OpportunityMarks } from '@app/contracts';
import { Database, holdWriteCap } from '@app/service-kit';
import { containsPattern } from '../text-search';
import { ListPlan, PagePlace } from './list-plan';

interface Row extends Omit<Opportunity, 'created_at'> {
  created_at: Date;
}
interface PageRow extends Row {
  place: PagePlace;
}
const toOpportunity = (row: Row): Opportunity => ({ ...row, created_at: row.created_at.toISOString() });

const today = `(now() AT TIME ZONE 'UTC')::date`;

/** The caller's marks ($1) on each row o. */
const withMarks = `o.id, o.user_id, o.title, o.description, o.badge, o.link, o.compensation, o.status, o.created_at,
  o.company, o.locations, o.remote, o.season, o.kind, to_char(o.deadline, 'YYYY-MM-DD') AS deadline, o.sponsorship,
  o.closed_at IS NOT NULL AS closed, coalesce(o.deadline < ${today}, false) AS "pastDeadline", o.closed_reports AS "closedReports",
  EXISTS (SELECT 1 FROM opportunity_closed_reports r WHERE r.opportunity_id = o.id AND r.user_id = $1) AS "hasUserReportedClosed",
  o.upvotes,
  EXISTS (SELECT 1 FROM interactions i WHERE i.entity_type = 'opportunity' AND i.entity_id = o.id AND i.interaction_type = 'upvote' AND i.user_id = $1) AS "hasUserUpvoted",
  EXISTS (SELECT 1 FROM interactions i WHERE i.entity_type = 'opportunity' AND i.entity_id = o.id AND i.interaction_type = 'favorite' AND i.user_id = $1) AS "isFavorite"`;

/** Approved ones, the viewer's own pending ones, and for moderators every pending one. */
const visibleTo = `(o.status = 'approved' OR (o.status = 'pending' AND (o.user_id = $1 OR $2::boolean)))`;

/** The spelling already in use for this company ignoring case, so one company is one filter value. */
export const knownCompany = (param: string) =>
  `coalesce((SELECT k.company FROM pathfinder_opportunities k WHERE lower(k.company) = lower(${param}) ORDER BY k.created_at LIMIT 1), ${param})`;

/** Where a part stands to a cursor's place by their leading values: before it (-1), its own part (0), after it (1). */
function compareLeading(leading: string[], place: PagePlace): number {
  for (let i = 0; i < leading.length; i++) if (leading[i] !== place[i]) return leading[i] < place[i] ? -1 : 1;
  return 0;
}

export interface OpportunityFilter {
  /** A to_tsquery text made of words only (see ListPlan). */
  words?: string;
  selective: boolean;
  paid: boolean;
  /** The review queue: every pending opportunity (moderators). */
  queue: boolean;
  /** Only the listed (approved) ones, without the viewer's own pending ones. */
  listed: boolean;
  company?: string;
  location?: string;
  remote: boolean;
  season?: string;
  kind?: string;
  sponsorship?: string;
  favorites: boolean;
  open: boolean;
}

@Injectable()
export class OpportunitiesRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** Up to `rows` in the plan's order after the cursor's place, each with its own place (the next cursor). */
  async page(
    viewerId: string,
    filter: OpportunityFilter,
    plan: ListPlan,
    cursor: string | undefined,
    rows: number,
  ): Promise<{ items: Opportunity[]; places: PagePlace[] }> {
    const params: unknown[] = [viewerId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [
      filter.queue ? `o.status = 'pending'` : filter.listed ? `o.status = 'approved'` : `(o.status = 'approved' OR (o.status = 'pending' AND o.user_id = $1))`,
    ];
    const query = filter.words ? `to_tsquery('english', ${param(filter.words)})` : undefined;
    // Relevance's tiers state the match themselves, column by column (ListPlan.parts).
    if (query && plan.sort !== 'relevance') where.push(`o.search @@ ${query}`);
    if (filter.selective) where.push(`o.badge = 'Selective'`);
    if (filter.paid) where.push('o.compensation > 0');
    if (filter.company) where.push(`lower(o.company) = lower(${param(filter.company)})`);
    if (filter.location) where.push(`array_to_string(o.locations, ' | ') ILIKE ${param(containsPattern(filter.location))}`);
    if (filter.remote) where.push('o.remote');
    if (filter.season) where.push(`lower(o.season) = lower(${param(filter.season)})`);
    if (filter.kind) where.push(`o.kind = ${param(filter.kind)}`);
    if (filter.sponsorship) where.push(`o.sponsorship = ${param(filter.sponsorship)}`);
    if (filter.favorites)
      where.push(
        `EXISTS (SELECT 1 FROM interactions f WHERE f.entity_type = 'opportunity' AND f.entity_id = o.id AND f.interaction_type = 'favorite' AND f.user_id = $1)`,
      );

    // Ended ones come after every open one, and "ended" changes with the date, so no index orders by
    // it: the open ones are read in the sort's own index order first, the ended ones only when the
    // page is not full yet (10,000 rows, most upvoted, on a loaded machine: 77-104 ms sorting them all, 0.5-25 ms this way).
    // Spelled out column by column (not `ended = 0`), so the planner estimates from the columns' statistics how far the walk goes.
    const open = { value: '0', conditions: [`o.closed_at IS NULL AND (o.deadline IS NULL OR o.deadline >= ${today})`] };
    // Sorted by deadline, the open part also states its deadline as that index reads it, so the walk starts at today.
    if (plan.sort === 'deadline') open.conditions.push(`coalesce(o.deadline, 'infinity'::date) >= ${today}`);
    const endedPart = { value: '1', conditions: [`(o.closed_at IS NOT NULL OR o.deadline < ${today})`] };
    const parts = plan.parts(filter.open ? [open] : [open, endedPart], query);
    // The cursor's place decides where to start: parts before it are skipped, its own part goes on after it.
    const place = cursor ? plan.decode(cursor, plan.keys(parts[0].leading)) : undefined;
    const found: PageRow[] = [];
    for (const part of parts) {
      const at = place ? compareLeading(part.leading, place) : 1;
      if (at < 0) continue;
      const keys = plan.keys(part.leading);
      const rest = keys.slice(part.leading.length);
      const partParams = [...params];
      const partParam = (value: unknown) => `$${partParams.push(value)}`;
      const conditions = [...where, ...part.conditions];
      if (place && at === 0) conditions.push(plan.after(rest, place.slice(part.leading.length), partParam));
      const { rows: more } = await this.db.query<PageRow>(
        `SELECT ${withMarks}, ${ListPlan.placeOf(keys)} AS place
         FROM pathfinder_opportunities o WHERE ${conditions.join(' AND ')}
         ORDER BY ${rest.map((k) => `${k.expr} ${k.descending ? 'DESC' : 'ASC'}`).join(', ')} LIMIT ${partParam(rows - found.length)}`,
        partParams,
      );
      found.push(...more);
      if (found.length === rows) break;
    }
    return { items: found.map(({ place: _, ...row }) => toOpportunity(row)), places: found.map((r) => r.place) };
  }

  async find(viewerId: string, id: string): Promise<Opportunity | undefined> {
    const { rows } = await this.db.query<Row>(`SELECT ${withMarks} FROM pathfinder_opportunities o WHERE o.id = $2`, [viewerId, id]);
    return rows[0] && toOpportunity(rows[0]);
  }

  /** Its author when the viewer may see it (author null once erased); undefined when they may not. */
  async visibleAuthor(viewerId: string, moderator: boolean, id: string): Promise<{ author: string | null } | undefined> {
    const { rows } = await this.db.query<{ author: string | null }>(
      `SELECT o.user_id AS author FROM pathfinder_opportunities o WHERE o.id = $3 AND ${visibleTo}`,
      [viewerId, moderator, id],
    );
    return rows[0];
  }

  async isVisible(viewerId: string, moderator: boolean, id: string): Promise<boolean> {
    return (await this.visibleAuthor(viewerId, moderator, id)) !== undefined;
  }

  /**
   * The new opportunity's id, or null when its link (by key) has been shared already; 429 when the
   * sharer reached the day's cap (counted under their lock, see holdWriteCap).
   */
  async insert(userId: string, input: CreateOpportunity, linkKey: string): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await holdWriteCap(tx, 'opportunities', { userId, rows: 'pathfinder_opportunities WHERE user_id = $1' });
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO pathfinder_opportunities (user_id, title, description, badge, link, link_key, compensation,
           company, locations, remote, season, kind, deadline, sponsorship)
         VALUES ($1, $2, $3, $4, $5, $6, $7, ${knownCompany('$8::text')}, $9, $10, $11, $12, $13, $14)
         ON CONFLICT (link_key) DO NOTHING RETURNING id`,
        [
          userId,
          input.title,
          input.description,
          input.badge ?? null,
          input.link,
          linkKey,
          input.compensation,
          input.company ?? null,
          input.locations ?? [],
          input.remote ?? null,
          input.season ?? null,
          input.kind ?? null,
          input.deadline ?? null,
          input.sponsorship ?? 'unknown',
        ],
      );
      return rows[0]?.id ?? null;
    });
  }

  async setFields(id: string, fields: OpportunityFields): Promise<void> {
    await this.db.query(
      `UPDATE pathfinder_opportunities SET company = ${knownCompany('$2::text')}, locations = $3, remote = $4, season = $5, kind = $6, deadline = $7, sponsorship = $8
       WHERE id = $1`,
      [id, fields.company, fields.locations, fields.remote, fields.season, fields.kind, fields.deadline, fields.sponsorship],
    );
  }

  /**
   * Records the user's report once; the report that makes closedReportsToClose closes it. The
   * count and the close are one UPDATE of the row, so concurrent reports each see the others'.
   */
  async reportClosed(userId: string, id: string): Promise<void> {
    await this.db.query(
      `WITH added AS (INSERT INTO opportunity_closed_reports (opportunity_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1)
       UPDATE pathfinder_opportunities SET closed_reports = closed_reports + (SELECT count(*) FROM added)::int,
         closed_at = CASE WHEN closed_at IS NULL AND closed_reports + (SELECT count(*) FROM added) >= $3 THEN now() ELSE closed_at END
       WHERE id = $1`,
      [id, userId, closedReportsToClose],
    );
  }

  async close(id: string): Promise<void> {
    await this.db.query('UPDATE pathfinder_opportunities SET closed_at = coalesce(closed_at, now()) WHERE id = $1', [id]);
  }

  /** Open again, its reports forgotten (they were about the closing just undone). */
  async reopen(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM opportunity_closed_reports WHERE opportunity_id = $1', [id]);
      const { rowCount } = await tx.query('UPDATE pathfinder_opportunities SET closed_at = NULL, closed_reports = 0 WHERE id = $1', [id]);
      return (rowCount ?? 0) > 0;
    });
  }

  async closedState(viewerId: string, id: string): Promise<OpportunityClosed> {
    const { rows } = await this.db.query<OpportunityClosed>(
      `SELECT o.id, closed, "closedReports", "hasUserReportedClosed" FROM (SELECT ${withMarks} FROM pathfinder_opportunities o WHERE o.id = $2) o`,
      [viewerId, id],
    );
    return rows[0];
  }

  async marks(viewerId: string, id: string): Promise<OpportunityMarks> {
    const { rows } = await this.db.query<OpportunityMarks>(
      `SELECT o.id, upvotes, "hasUserUpvoted", "isFavorite" FROM (SELECT ${withMarks} FROM pathfinder_opportunities o WHERE o.id = $2) o`,
      [viewerId, id],
    );
    return rows[0];
  }
}
