/**
 * A small n-gram language model for pocketsphinx, built from the interview's own words (issue 24:
 * the general English model hears "cache" as "cash" and "recursion" as "recreation"). Interpolated
 * absolute discounting, written as a backoff model in the ARPA text format pocketsphinx reads.
 */

const ones = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A whole number as it is said ("1200" → "one thousand two hundred"): recognisers write words, not digits. */
export function spokenNumber(n: number): string {
  if (n < 20) return ones[n];
  if (n < 100) return `${tens[Math.floor(n / 10)]}${n % 10 ? ` ${ones[n % 10]}` : ''}`;
  for (const [size, name] of [
    [1_000_000_000, 'billion'],
    [1_000_000, 'million'],
    [1_000, 'thousand'],
    [100, 'hundred'],
  ] as const) {
    if (n >= size) return `${spokenNumber(Math.floor(n / size))} ${name}${n % size ? ` ${spokenNumber(n % size)}` : ''}`;
  }
  return String(n);
}

/**
 * The words of a text as a recogniser writes them: lower case, numbers spelled out, hyphens and
 * punctuation as spaces, apostrophes kept inside words ("don't").
 */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(\d+)%/g, '$1 percent')
    .replace(/\d+/g, (digits) => ` ${spokenNumber(Number(digits))} `)
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

const sentenceStart = '<s>';
export const sentenceEnd = '</s>';

export interface LanguageModelOptions {
  /** 3: trigrams. */
  order?: number;
  /** Subtracted from every seen count; the mass freed goes to the lower order (0 < d < 1). */
  discount?: number;
  /**
   * Ordinary words, most frequent first, heard only through the unigrams (Zipf's law gives each
   * its share): the interview's model must still hear an answer about a team or a deadline.
   */
  background?: string[];
  /** The unigram mass kept for the background words. */
  backgroundWeight?: number;
}

/** log10 of a probability, as ARPA writes it (4 decimals). */
const log10 = (p: number) => (p > 0 ? Math.log10(p) : -99);

export class LanguageModel {
  /** n-gram (words joined by a space) → probability of its last word after the others, per order. */
  private readonly probabilities: Array<Map<string, number>>;
  /** history → backoff weight (the share of probability its unseen continuations get from the lower order). */
  private readonly backoffs: Map<string, number>;

  constructor(
    readonly order: number,
    probabilities: Array<Map<string, number>>,
    backoffs: Map<string, number>,
  ) {
    this.probabilities = probabilities;
    this.backoffs = backoffs;
  }

  /** Every word the model can predict (with the sentence end). */
  get vocabulary(): string[] {
    return [...this.probabilities[0].keys()];
  }

  has(word: string): boolean {
    return this.probabilities[0].has(word);
  }

  /** P(word | history), backing off as pocketsphinx does. 0 for a word outside the vocabulary. */
  probability(word: string, history: string[]): number {
    const context = history.slice(Math.max(0, history.length - (this.order - 1)));
    for (let start = 0; start <= context.length; start++) {
      const h = context.slice(start);
      const seen = this.probabilities[h.length].get([...h, word].join(' '));
      if (seen === undefined) continue;
      // Backoff weights of every longer history that had no entry for this word.
      let weight = 1;
      for (let longer = 0; longer < start; longer++) weight *= this.backoffs.get(context.slice(longer).join(' ')) ?? 1;
      return weight * seen;
    }
    return 0;
  }

  /** The model in the ARPA text format (what `pocketsphinx_continuous -lm` reads). */
  arpa(): string {
    const lines = ['\\data\\'];
    this.probabilities.forEach((grams, i) => lines.push(`ngram ${i + 1}=${grams.size + (i === 0 ? 1 : 0)}`));
    this.probabilities.forEach((grams, i) => {
      lines.push('', `\\${i + 1}-grams:`);
      const last = i === this.order - 1;
      const entry = (gram: string, p: number) => {
        const bow = this.backoffs.get(gram);
        lines.push(last || bow === undefined ? `${log10(p).toFixed(4)}\t${gram}` : `${log10(p).toFixed(4)}\t${gram}\t${log10(bow).toFixed(4)}`);
      };
      // The sentence start is never predicted, only a history.
      if (i === 0) entry(sentenceStart, 0);
      for (const [gram, p] of grams) entry(gram, p);
    });
    lines.push('', '\\end\\', '');
    return lines.join('\n');
  }
}

/**
 * Trigrams (by default) from `sentences` (each a list of words), smoothed by interpolated absolute
 * discounting: P(w|h) = max(c(h w) − d, 0) / c(h) + γ(h) · P(w|h'), γ(h) = d · distinct(h) / c(h),
 * which is exactly the backoff weight ARPA stores for h.
 */
export function buildLanguageModel(sentences: string[][], options: LanguageModelOptions = {}): LanguageModel {
  const order = options.order ?? 3;
  const discount = options.discount ?? 0.7;
  if (!(discount > 0 && discount < 1)) throw new Error('the discount must be between 0 and 1');
  const background = (options.background ?? []).filter((w) => w !== sentenceStart && w !== sentenceEnd);
  const backgroundWeight = background.length > 0 ? (options.backgroundWeight ?? 0.1) : 0;

  // counts[k]: (k+1)-grams → count; followers[k]: k-word history → [total count, distinct next words].
  const counts = Array.from({ length: order }, () => new Map<string, number>());
  const followers = Array.from({ length: order }, () => new Map<string, { total: number; distinct: number }>());
  for (const sentence of sentences) {
    if (sentence.length === 0) continue;
    const tokens = [sentenceStart, ...sentence, sentenceEnd];
    for (let end = 1; end < tokens.length; end++) {
      for (let k = 0; k < order && end - k >= 0; k++) {
        const gram = tokens.slice(end - k, end + 1).join(' ');
        const seen = counts[k].get(gram) ?? 0;
        counts[k].set(gram, seen + 1);
        const history = tokens.slice(end - k, end).join(' ');
        const f = followers[k].get(history) ?? { total: 0, distinct: 0 };
        f.total++;
        if (seen === 0) f.distinct++;
        followers[k].set(history, f);
      }
    }
  }

  const probabilities = Array.from({ length: order }, () => new Map<string, number>());
  const backoffs = new Map<string, number>();

  // Unigrams: the corpus's relative frequencies, mixed with the background's Zipf distribution.
  const total = followers[0].get('')?.total ?? 0;
  const zipf = background.map((_, rank) => 1 / (rank + 1));
  const zipfTotal = zipf.reduce((a, b) => a + b, 0);
  for (const [word, c] of counts[0]) probabilities[0].set(word, (1 - backgroundWeight) * (c / total));
  background.forEach((word, rank) => probabilities[0].set(word, (probabilities[0].get(word) ?? 0) + (backgroundWeight * zipf[rank]) / zipfTotal));

  const lower = (k: number, gram: string[]): number => {
    // The full (backed-off) probability of the last word after the rest, at order k+1.
    const model = new LanguageModel(k + 1, probabilities.slice(0, k + 1), backoffs);
    return model.probability(gram[gram.length - 1], gram.slice(0, -1));
  };
  for (let k = 1; k < order; k++) {
    for (const [gram, c] of counts[k]) {
      const words = gram.split(' ');
      const history = words.slice(0, -1).join(' ');
      const f = followers[k].get(history)!;
      const gamma = (discount * f.distinct) / f.total;
      backoffs.set(history, gamma);
      probabilities[k].set(gram, (c - discount) / f.total + gamma * lower(k - 1, words.slice(1)));
    }
  }
  return new LanguageModel(order, probabilities, backoffs);
}
