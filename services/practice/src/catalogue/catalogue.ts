import { CatalogueList, catalogueLists, CatalogueListId, CatalogueProblem, CatalogueQuery, problemLink, problemSlug } from '@app/contracts';
import { listMembers, problems } from './problems';

interface Entry {
  problem: CatalogueProblem;
  /** The title's words, as its slug spells them ("pow(x, n)" → powx, n). */
  words: string[];
}

/**
 * The catalogue, held in memory: a few hundred fixed rows that ship with the code, so a search is a
 * scan of them (well under a millisecond) with no table to seed or keep in step with the data file.
 */
export class Catalogue {
  private readonly entries: Entry[];
  private readonly byNumber: Map<number, Entry>;

  constructor() {
    const lists = new Map<number, CatalogueListId[]>();
    for (const { id } of catalogueLists) for (const n of listMembers[id]) lists.set(n, [...(lists.get(n) ?? []), id]);
    this.entries = problems.map(([number, title, difficulty, tags]) => {
      const slug = problemSlug(title);
      return {
        problem: { number, title, slug, difficulty, tags: tags.split(','), link: problemLink(slug), lists: lists.get(number) ?? [] },
        words: slug.split('-'),
      };
    });
    this.byNumber = new Map(this.entries.map((e) => [e.problem.number, e]));
  }

  lists(): CatalogueList[] {
    return catalogueLists.map(({ id, name }) => ({ id, name, size: listMembers[id].length }));
  }

  /** A list's problems in its published order. */
  list(id: CatalogueListId): CatalogueProblem[] {
    return listMembers[id].map((n) => this.byNumber.get(n)!.problem);
  }

  /**
   * Best first: the problem of that number, titles starting with the search, titles where every
   * searched word starts a word ("two s" → Two Sum), then titles merely containing every word
   * ("sum" → 3Sum); ties by number, or in the list's order when one is asked without words.
   */
  search({ q, list, limit }: CatalogueQuery): CatalogueProblem[] {
    const pool = list ? listMembers[list].map((n) => this.byNumber.get(n)!) : this.entries;
    const slug = problemSlug(q);
    if (!slug) return pool.slice(0, limit).map((e) => e.problem);
    const words = slug.split('-');
    const number = /^\d+$/.test(q.trim()) ? Number(q.trim()) : undefined;
    const ranked: Array<{ entry: Entry; rank: number }> = [];
    for (const entry of pool) {
      const rank = this.rank(entry, slug, words, number);
      if (rank !== undefined) ranked.push({ entry, rank });
    }
    ranked.sort((a, b) => a.rank - b.rank || a.entry.problem.number - b.entry.problem.number);
    return ranked.slice(0, limit).map((r) => r.entry.problem);
  }

  private rank(entry: Entry, slug: string, words: string[], number: number | undefined): number | undefined {
    if (number !== undefined && entry.problem.number === number) return 0;
    if (entry.problem.slug.startsWith(slug)) return 1;
    if (words.every((w) => entry.words.some((t) => t.startsWith(w)))) return 2;
    if (words.every((w) => entry.problem.slug.includes(w))) return 3;
    if (number !== undefined && String(entry.problem.number).startsWith(String(number))) return 4;
    return undefined;
  }
}
