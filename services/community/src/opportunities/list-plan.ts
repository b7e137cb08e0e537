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

const number = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;
const keyOf = {
  ended: (expr: string): OrderKey => ({ expr, descending: false, cast: 'int', shape: /^[01]$/ }),
  rank: (query: string): OrderKey => ({ expr: `ts_rank(o.search, ${query})`, descending: true, cast: 'real', shape: number }),
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

/**
 * The words of a search as a to_tsquery text: every word must match, the last one also as the
 * start of a word (the user may still be typing it). Only letters and digits reach to_tsquery, so
 * no input can make its syntax fail.
 */
export function searchWords(q: string | undefined): string | undefined {
  const words = (q ?? '').match(/[\p{L}\p{N}]+/gu)?.slice(0, 12);
  if (!words) return undefined;
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
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

  keys(ended: string, query: string | undefined): OrderKey[] {
    const own = { relevance: query ? [keyOf.rank(query)] : [], newest: [], deadline: [keyOf.deadline], upvotes: [keyOf.upvotes] }[this.sort];
    return [keyOf.ended(ended), ...own, keyOf.created, keyOf.id];
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
