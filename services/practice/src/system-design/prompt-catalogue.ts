import { normaliseAnswer, PromptListQuery, SystemDesignConceptKey, systemDesignConcepts } from '@app/contracts';
import { conceptsOf, DesignPromptEntry, designPrompts } from './prompts';

interface Indexed {
  entry: DesignPromptEntry;
  concepts: SystemDesignConceptKey[];
  /** Title, aliases and prompt text as lower-case words, for search. */
  words: string[];
  /** The title and aliases as normalised phrases (" url shortener "), for matching a report's rounds. */
  names: string[];
}

const wordsOf = (text: string) => normaliseAnswer(text).trim().split(' ').filter(Boolean);

/** The prompts, indexed once: search, filters and which prompts a report's round names. */
export class PromptCatalogue {
  private readonly indexed: Indexed[];
  private readonly bySlug: Map<string, Indexed>;

  constructor(entries: DesignPromptEntry[] = designPrompts) {
    this.indexed = entries.map((entry) => ({
      entry,
      concepts: conceptsOf(entry),
      words: [...new Set(wordsOf(`${entry.title} ${entry.aliases.join(' ')} ${entry.prompt}`))],
      names: [entry.title, ...entry.aliases].map(normaliseAnswer),
    }));
    this.bySlug = new Map(this.indexed.map((i) => [i.entry.slug, i]));
  }

  get(slug: string): { entry: DesignPromptEntry; concepts: SystemDesignConceptKey[] } | undefined {
    return this.bySlug.get(slug);
  }

  /** In catalogue order; every word of q must start a word of the title, an alias or the prompt text. */
  filter(query: Pick<PromptListQuery, 'q' | 'level' | 'concept'>): Array<{ entry: DesignPromptEntry; concepts: SystemDesignConceptKey[] }> {
    const words = query.q ? wordsOf(query.q) : [];
    return this.indexed.filter(
      (i) =>
        (!query.level || i.entry.level === query.level) &&
        (!query.concept || i.concepts.includes(query.concept)) &&
        words.every((w) => i.words.some((t) => t.startsWith(w))),
    );
  }

  /** The prompts a report's rounds name by title or alias, as whole words ("design a URL shortener" names url-shortener). */
  named(rounds: string[]): string[] {
    const text = rounds.map(normaliseAnswer).join(' ');
    return this.indexed.filter((i) => i.names.some((name) => text.includes(name))).map((i) => i.entry.slug);
  }
}

export const conceptRef = (key: SystemDesignConceptKey) => ({ key, name: systemDesignConcepts[key].name });
