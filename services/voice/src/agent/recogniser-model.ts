import { buildLanguageModel, LanguageModel, LanguageModelOptions, sentenceEnd, wordsOf } from './language-model';
import { commonWords } from './common-words';
import { pronounce } from './pronunciations';

/** Where Debian's pocketsphinx-en-us puts its pronouncing dictionary. */
export const cmudictPath = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

/** cmudict's text ("word PH ON ES", alternatives as "word(2) …") as word → pronunciations. */
export function parseDictionary(text: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const phones = line.slice(space + 1).trim();
    if (!phones) continue;
    const list = entries.get(word) ?? [];
    list.push(phones);
    entries.set(word, list);
  }
  return entries;
}

export interface RecogniserModel {
  language: LanguageModel;
  /** The ARPA text (pocketsphinx `-lm`). */
  arpa: string;
  /** The pronouncing dictionary of exactly the model's words (pocketsphinx `-dict`). */
  dictionary: string;
  /** Corpus words no pronunciation could be made for: left out (each splits its sentence). */
  unpronounceable: string[];
}

/**
 * The recogniser's model for interview answers: an n-gram model of `corpus` (with the general
 * model's most common words as a background) and a dictionary holding every word it predicts.
 */
export function recogniserModel(
  corpus: string[],
  dictionary: Map<string, string[]>,
  options: Omit<LanguageModelOptions, 'background'> & { backgroundWords?: number } = {},
): RecogniserModel {
  const known = (w: string) => dictionary.get(w);
  const pronunciations = new Map<string, string[]>();
  const unpronounceable = new Set<string>();
  const sayable = (word: string) => {
    if (pronunciations.has(word)) return true;
    if (unpronounceable.has(word)) return false;
    const p = pronounce(word, known);
    if (p) pronunciations.set(word, p);
    else unpronounceable.add(word);
    return Boolean(p);
  };
  // A word that cannot be said splits its sentence: no n-gram jumps over it.
  const sentences: string[][] = [];
  for (const line of corpus) {
    let part: string[] = [];
    for (const word of wordsOf(line)) {
      if (sayable(word)) part.push(word);
      else if (part.length > 0) {
        sentences.push(part);
        part = [];
      }
    }
    if (part.length > 0) sentences.push(part);
  }
  // A common word that sounds like an interview word would only take its place: "cash" for "cache".
  const domainSounds = new Set([...pronunciations.values()].flat());
  const background = commonWords
    .slice(0, options.backgroundWords ?? commonWords.length)
    .filter((w) => dictionary.has(w) && !pronunciations.has(w) && !dictionary.get(w)!.some((p) => domainSounds.has(p)));
  for (const w of background) pronunciations.set(w, dictionary.get(w)!);

  const language = buildLanguageModel(sentences, { ...options, background });
  const lines: string[] = [];
  for (const word of language.vocabulary) {
    if (word === sentenceEnd) continue;
    pronunciations.get(word)!.forEach((p, i) => lines.push(i === 0 ? `${word} ${p}` : `${word}(${i + 1}) ${p}`));
  }
  return { language, arpa: language.arpa(), dictionary: `${lines.join('\n')}\n`, unpronounceable: [...unpronounceable] };
}
