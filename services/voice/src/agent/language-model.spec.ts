import { readFileSync, existsSync } from 'node:fs';
import { buildLanguageModel, sentenceEnd, spokenNumber, wordsOf } from './language-model';
import { pronounce } from './pronunciations';
import { cmudictPath, parseDictionary, recogniserModel } from './recogniser-model';

const corpus = [
  'i would use a hash map',
  'i would use a queue',
  'a queue gives breadth first search',
  'the cache keeps recent results',
  'i would cache the results',
].map(wordsOf);

/** Σ P(w | history) over every word the model predicts. */
const total = (model: ReturnType<typeof buildLanguageModel>, history: string[]) => model.vocabulary.reduce((sum, w) => sum + model.probability(w, history), 0);

describe('the interview language model', () => {
  it('spells numbers and drops punctuation as a recogniser writes them', () => {
    expect(wordsOf('O(n) in 2 passes, 1200 users; 50% hit-rate. Don’t!')).toEqual([
      'o',
      'n',
      'in',
      'two',
      'passes',
      'one',
      'thousand',
      'two',
      'hundred',
      'users',
      'fifty',
      'percent',
      'hit',
      'rate',
      'don',
      't',
    ]);
    expect(wordsOf("don't")).toEqual(["don't"]);
    expect(spokenNumber(62)).toBe('sixty two');
    expect(spokenNumber(1_000_001)).toBe('one million one');
  });

  it('is a distribution after every history: seen, partly seen, unseen, and the sentence start', () => {
    const model = buildLanguageModel(corpus);
    for (const history of [['i', 'would'], ['would', 'use'], ['a'], ['queue'], ['search', 'the'], ['nothing', 'like', 'this'], ['<s>'], []]) {
      expect(total(model, history)).toBeCloseTo(1, 9);
    }
  });

  it('stays a distribution with background words, which only the unigrams carry', () => {
    const model = buildLanguageModel(corpus, { background: ['the', 'team', 'deadline', 'i'], backgroundWeight: 0.2 });
    expect(model.has('deadline')).toBe(true);
    for (const history of [['i', 'would'], ['the'], ['deadline']]) expect(total(model, history)).toBeCloseTo(1, 9);
    expect(model.arpa()).not.toMatch(/\tdeadline [a-z]/);
  });

  it('prefers what the corpus says, and the lower order breaks ties: "queue" after "use a" over "hash", both over "cache"', () => {
    const model = buildLanguageModel(corpus);
    expect(model.probability('cache', ['the'])).toBeGreaterThan(model.probability('queue', ['the']));
    // "use a hash" and "use a queue" are seen once each, but "a queue" twice and "a hash" once.
    expect(model.probability('queue', ['use', 'a'])).toBeGreaterThan(model.probability('hash', ['use', 'a']));
    expect(model.probability('hash', ['use', 'a'])).toBeGreaterThan(10 * model.probability('cache', ['use', 'a']));
    expect(model.probability('cache', ['use', 'a'])).toBeGreaterThan(0);
    expect(model.probability('first', ['breadth'])).toBeGreaterThan(5 * model.probability('queue', ['breadth']));
    expect(model.probability('cash', ['the'])).toBe(0);
  });

  it('writes ARPA with every n-gram counted in the header and each backoff weight on its history', () => {
    const model = buildLanguageModel(corpus);
    const arpa = model.arpa();
    const header = [...arpa.matchAll(/^ngram (\d)=(\d+)$/gm)].map((m) => Number(m[2]));
    const sections = arpa.split(/\\\d-grams:\n/).slice(1);
    sections.forEach((section, i) => expect(section.split('\n\n')[0].trim().split('\n')).toHaveLength(header[i]));
    expect(arpa).toMatch(/^-99\.0000\t<s>\t-?\d/m);
    expect(arpa).toMatch(new RegExp(`\\t${sentenceEnd}(\\t|$)`, 'm'));
    // "breadth first" is a history of "search", so it carries a backoff weight; a trigram never does.
    expect(arpa).toMatch(/^-?\d+\.\d{4}\tbreadth first\t-?\d+\.\d{4}$/m);
    expect(arpa).toMatch(/^-?\d+\.\d{4}\tbreadth first search$/m);
    expect(arpa.trimEnd().endsWith('\\end\\')).toBe(true);
  });

  it('refuses a discount outside (0, 1)', () => {
    expect(() => buildLanguageModel(corpus, { discount: 1 })).toThrow(/discount/);
  });
});

describe('pronunciations of words cmudict lacks', () => {
  const dictionary: Record<string, string[]> = {
    sub: ['S AH B'],
    tree: ['T R IY'],
    hash: ['HH AE SH'],
    map: ['M AE P'],
    micro: ['M AY K R OW'],
    services: ['S ER V AH S AH Z'],
    anagram: ['AE N AH G R AE M'],
    mic: ['M IH K'],
  };
  const known = (w: string) => dictionary[w];

  it('makes compounds from the longest known head, plurals from their stem, and takes the added ones', () => {
    expect(pronounce('hashmap', known)).toEqual(['HH AE SH M AE P']);
    expect(pronounce('subtrees', known)).toEqual(['S AH B T R IY Z']);
    expect(pronounce('microservices', known)).toEqual(['M AY K R OW S ER V AH S AH Z']);
    expect(pronounce('anagrams', known)).toEqual(['AE N AH G R AE M Z']);
    expect(pronounce('recursion', known)?.[0]).toBe('R IH K ER ZH AH N');
    expect(pronounce('palindromes', known)).toEqual(['P AE L AH N D R OW M Z']);
    expect(pronounce('zzyzx', known)).toBeUndefined();
  });
});

const describeWithDictionary = existsSync(cmudictPath) ? describe : describe.skip;
describeWithDictionary('the model built from the interview corpus (pocketsphinx-en-us installed)', () => {
  it('has every domain word of the issue and a pronunciation for each of its words', () => {
    const dictionary = parseDictionary(readFileSync(cmudictPath, 'utf8'));
    const corpus = ['the recursion uses a cache', 'breadth first search with a queue', 'memoization with a hashmap', 'we dequeue the subtree'];
    const model = recogniserModel(corpus, dictionary);
    for (const word of ['recursion', 'cache', 'breadth', 'memoization', 'hashmap', 'dequeue', 'subtree']) expect(model.language.has(word)).toBe(true);
    const entries = new Set(
      model.dictionary
        .trim()
        .split('\n')
        .map((line) => line.split(' ')[0].replace(/\(\d+\)$/, '')),
    );
    expect(new Set(model.language.vocabulary.filter((w) => w !== sentenceEnd))).toEqual(entries);
    // Homophones of interview words are not in the background: "cash" would take the place of "cache".
    expect(model.language.has('cash')).toBe(false);
    expect(model.language.has('bread')).toBe(false);
    expect(model.language.has('people')).toBe(true);
  });
});
