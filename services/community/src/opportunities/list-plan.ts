import { OpportunitySort } from '@app/contracts';
import { cursorTime, validationFailed } from '@app/service-kit';

/** A row's values of the order's keys, as text: where the next page starts. */
export type PagePlace = string[];

export interface OrderKey {
  /** What the rows are ordered by, over the row `o`. */
  expr: string;
  /** The same value as exact text for the cursor, when `expr::text` is not (timestamps). */
  place?: string;
  descending: boolean;
  cast: string;
  /** What a cursor's value must look like before it reaches SQL. */
  shape: RegExp;
}

const keyOf = {
  ended: (expr: string): OrderKey => ({ expr, descending: false, cast: 'int', shape: /^[01]$/ }),
  /** Where the words were found: 0 all in the title, 1 in title and company, 2 anywhere else (see relevanceTiers). */
  tier: (expr: string): OrderKey => ({ expr, descending: false, cast: 'int', shape: /^[012]$/ }),
  deadline: { expr: `coalesce(o.deadline, 'infinity'::date)`, descending: false, cast: 'date', shape: /^(\d{4}-\d{2}-\d{2}|infinity)$/ },
  upvotes: { expr: 'o.upvotes', descending: true, cast: 'int', shape: /^\d+$/ },
  created: {
    expr: 'o.created_at',
    place: cursorTime('o.created_at'),
    descending: true,
    cast: 'timestamptz',
    shape: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  },
  id: { expr: 'o.id', descending: true, cast: 'uuid', shape: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/ },
} satisfies Record<string, OrderKey | ((expr: string) => OrderKey)>;

/** One stretch of the order: the values of its leading keys, and the conditions that select its rows. */
export interface Part {
  leading: string[];
  conditions: string[];
}

/**
 * Relevance without ranking every match (ts_rank over half of 10,000 rows cost 40-55 ms): a title
 * that has all the words comes first, then title and company together, then anywhere (description).
 * Each tier is one tsvector column with its own GIN index (migration 0016), so the planner knows how
 * many rows each has and either walks the newest index until the page is full or reads the few matches.
 * Every tier also states the match anywhere (implied, but that column knows every word of the table):
 * a word found nowhere is then read from the index in no time instead of walking all 10,000 rows.
 */
function relevanceTiers(query: string): Array<{ value: string; conditions: string[] }> {
  return [
    { value: '0', conditions: [`o.search @@ ${query}`, `o.search_title @@ ${query}`] },
    { value: '1', conditions: [`o.search @@ ${query}`, `o.search_heading @@ ${query}`, `NOT (o.search_title @@ ${query})`] },
    { value: '2', conditions: [`o.search @@ ${query}`, `NOT (o.search_heading @@ ${query})`] },
  ];
}

/**
 * The words of a search as a to_tsquery text: every word must match, the last one also as the
 * start of a word (the user may still be typing it). Only letters and digits reach to_tsquery, so
 * no input can make its syntax fail. The last word is asked as itself or as a prefix (`w | w:*`,
 * the same rows as `w:*`): Postgres guesses a prefix's rows poorly when a column has few distinct
 * words (0.02 of the rows for a word in 15% of titles), and a word's own statistics keep the
 * planner walking the newest index for a common word instead of sorting all its matches.
 */
export function searchWords(q: string | undefined): string | undefined {
  const words = (q ?? '').match(/[\p{L}\p{N}]+/gu)?.slice(0, 12);
  if (!words) return undefined;
  return words.map((word, i) => (i === words.length - 1 ? `(${word} | ${word}:*)` : word)).join(' & ');
}

/**
 * The order of a list and its cursor. Closed and past-deadline ones come last in every sort; then
 * the sort's own key; newest first and the id settle ties, so every row has one place and a
 * page starts exactly after the previous one, whatever was added meanwhile.
 */
export class ListPlan {
  constructor(
    readonly sort: OpportunitySort,
    private readonly cursorMessage: string,
  ) {}

  /** relevance without words to rank by is newest. */
  static for(sort: OpportunitySort | undefined, searching: boolean, cursorMessage: string): ListPlan {
    const chosen = sort ?? (searching ? 'relevance' : 'newest');
    return new ListPlan(chosen === 'relevance' && !searching ? 'newest' : chosen, cursorMessage);
  }

  /**
   * The keys of the order, given the values of the leading ones that a part fixes (ended, then for
   * relevance the tier): ended first; relevance's tier; the sort's own key; newest and id.
   */
  keys(leading: string[]): OrderKey[] {
    const [ended, tier] = leading;
    const own = { relevance: [keyOf.tier(tier ?? '0')], newest: [], deadline: [keyOf.deadline], upvotes: [keyOf.upvotes] }[this.sort];
    return [keyOf.ended(ended ?? '0'), ...own, keyOf.created, keyOf.id];
  }

  /**
   * The list as parts, each read by one walk in its own order (newest for a relevance tier) and only
   * as far as the page goes: open ones before ended ones, and within each, for relevance, a tier at a
   * time. `ended` has each part's conditions; `query` is the search's tsquery.
   */
  parts(ended: Array<{ value: string; conditions: string[] }>, query: string | undefined): Part[] {
    const tiers = this.sort === 'relevance' && query ? relevanceTiers(query) : [undefined];
    return ended.flatMap((e) =>
      tiers.map((tier) =>
        tier ? { leading: [e.value, tier.value], conditions: [...e.conditions, ...tier.conditions] } : { leading: [e.value], conditions: e.conditions },
      ),
    );
  }

  /** Rows after `place` in this order: the first key that differs decides. */
  after(keys: OrderKey[], place: PagePlace, param: (value: unknown) => string): string {
    const values = keys.map((k, i) => `${param(place[i])}::${k.cast}`);
    const branches = keys.map((k, i) =>
      [...keys.slice(0, i).map((e, j) => `${e.expr} = ${values[j]}`), `${k.expr} ${k.descending ? '<' : '>'} ${values[i]}`].join(' AND '),
    );
    return `(${branches.map((b) => `(${b})`).join(' OR ')})`;
  }

  encode(place: PagePlace): string {
    return Buffer.from(JSON.stringify({ sort: this.sort, place })).toString('base64url');
  }

  /** A cursor this plan did not make (another sort, edited, foreign) is a 400, never a silently restarted list. */
  decode(cursor: string, keys: OrderKey[]): PagePlace {
    const bad = () => validationFailed({ cursor: this.cursorMessage });
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw bad();
    }
    const { sort, place } = (parsed ?? {}) as { sort?: unknown; place?: unknown };
    if (sort !== this.sort || !Array.isArray(place) || place.length !== keys.length) throw bad();
    if (!place.every((value, i) => typeof value === 'string' && keys[i].shape.test(value))) throw bad();
    return place as PagePlace;
  }

  /** What the query selects as each row's place. */
  static placeOf(keys: OrderKey[]): string {
    return `json_build_array(${keys.map((k) => `(${k.place ?? k.expr})::text`).join(', ')})`;
  }
}
