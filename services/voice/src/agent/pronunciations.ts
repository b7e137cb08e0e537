/**
 * Pronunciations (CMU ARPAbet, as pocketsphinx's cmudict-en-us spells them) of interview words the
 * dictionary lacks. Without an entry a word cannot be recognised at all: "recursion" came back as
 * "recreation" because cmudict has no "recursion".
 */
const addedPronunciations: Record<string, string[]> = {
  recursion: ['R IH K ER ZH AH N', 'R IY K ER ZH AH N'],
  recursive: ['R IH K ER S IH V', 'R IY K ER S IH V'],
  recursively: ['R IH K ER S IH V L IY', 'R IY K ER S IH V L IY'],
  recurse: ['R IH K ER S', 'R IY K ER S'],
  palindrome: ['P AE L AH N D R OW M'],
  memoization: ['M EH M OW AH Z EY SH AH N', 'M EH M AH W AH Z EY SH AH N'],
  memoisation: ['M EH M OW AH Z EY SH AH N'],
  memoize: ['M EH M OW AY Z', 'M EH M AH W AY Z'],
  memoise: ['M EH M OW AY Z'],
  memoized: ['M EH M OW AY Z D'],
  traversal: ['T R AH V ER S AH L'],
  adjacency: ['AH JH EY S AH N S IY'],
  serialise: ['S IH R IY AH L AY Z'],
  serialised: ['S IH R IY AH L AY Z D'],
  deserialise: ['D IY S IH R IY AH L AY Z'],
  deserialize: ['D IY S IH R IY AH L AY Z'],
  enqueue: ['EH N K Y UW'],
  dequeue: ['D IY K Y UW'],
  heapify: ['HH IY P IH F AY'],
  fifo: ['F AY F OW'],
  lifo: ['L AY F OW'],
  xor: ['EH K S AO R', 'Z AO R'],
  bitwise: ['B IH T W AY Z'],
  idempotent: ['AY D AH M P OW T AH N T', 'AY D EH M P AH T AH N T'],
  idempotency: ['AY D AH M P OW T AH N S IY'],
  redis: ['R EH D IH S'],
  memcached: ['M EH M K AE SH T'],
  postgres: ['P OW S T G R EH S'],
  kubernetes: ['K UW B ER N EH T IY Z'],
  json: ['JH EY S AH N'],
  dijkstra: ['D AY K S T R AH'],
  leetcode: ['L IY T K OW D'],
  nosql: ['N OW S IY K W AH L'],
  amortized: ['AE M ER T AY Z D', 'AH M AO R T AY Z D'],
  amortised: ['AE M ER T AY Z D'],
  iterative: ['IH T ER EY T IH V'],
  iteratively: ['IH T ER EY T IH V L IY'],
  async: ['EY S IH NG K'],
  inorder: ['IH N AO R D ER'],
  preorder: ['P R IY AO R D ER'],
  postorder: ['P OW S T AO R D ER'],
  shortener: ['SH AO R T AH N ER'],
  limiter: ['L IH M AH T ER'],
  prev: ['P R EH V'],
  // Initialisms, spoken letter by letter.
  bfs: ['B IY EH F EH S'],
  dfs: ['D IY EH F EH S'],
  lru: ['EH L AA R Y UW'],
  lfu: ['EH L EH F Y UW'],
  dp: ['D IY P IY'],
  rpc: ['AA R P IY S IY'],
  cdn: ['S IY D IY EH N'],
  bst: ['B IY EH S T IY'],
  dag: ['D IY EY JH IY'],
  url: ['Y UW AA R EH L'],
  sql: ['EH S K Y UW EH L', 'S IY K W AH L'],
  cpu: ['S IY P IY Y UW'],
  tcp: ['T IY S IY P IY'],
  http: ['EY CH T IY T IY P IY'],
  ttl: ['T IY T IY EH L'],
  sla: ['EH S EH L EY'],
  qps: ['K Y UW P IY EH S'],
  // "O of n" is how complexity is said; the letter n and the number one must be words.
  n: ['EH N'],
};

/** Word parts a compound may be built from (cmudict has "sub" and "tree", not "subtree"). */
const prefixes = ['sub', 'de', 'un', 'pre', 'post', 're', 'micro', 'multi', 'over', 'auto', 'in', 'non'];

/**
 * A pronunciation for `word` from those `known` has: itself, a plural or possessive of a known
 * word, or a compound of two known words (hashmap, subtree, runtime, timeouts). undefined when
 * none can be made: the word is then left out of the recogniser's vocabulary.
 */
export function pronounce(word: string, known: (w: string) => string[] | undefined): string[] | undefined {
  const direct = known(word) ?? addedPronunciations[word];
  if (direct) return direct;
  const plural = pluralOf(word, known);
  if (plural) return plural;
  // The longest known head first: "micro" + "services", not "mic" + "roser" + "vices".
  for (let cut = word.length - 3; cut >= 2; cut--) {
    const head = word.slice(0, cut);
    const tail = word.slice(cut);
    // Short heads only when they are real prefixes: "a" + "rray" must not make a word.
    if (head.length < 3 && !prefixes.includes(head)) continue;
    const first = known(head) ?? addedPronunciations[head];
    const second = known(tail) ?? addedPronunciations[tail] ?? pluralOf(tail, known);
    if (first && second) return [`${first[0]} ${second[0]}`];
  }
  return undefined;
}

/** A plural or possessive of a known word ("anagrams", "subtree's"). */
function pluralOf(word: string, known: (w: string) => string[] | undefined): string[] | undefined {
  const plural = word.match(/^(.+?)(e?s|'s)$/);
  if (!plural) return undefined;
  for (const stem of [plural[1], word.slice(0, -1)]) {
    const base = known(stem) ?? addedPronunciations[stem];
    if (base) return base.map((p) => `${p} ${pluralEnding(p)}`);
  }
  return undefined;
}

/** English plural after the final phone: /IH Z/ after sibilants, /S/ after voiceless ones, else /Z/. */
function pluralEnding(phones: string): string {
  const last = phones.split(' ').pop()!;
  if (['S', 'Z', 'SH', 'ZH', 'CH', 'JH'].includes(last)) return 'IH Z';
  if (['P', 'T', 'K', 'F', 'TH'].includes(last)) return 'S';
  return 'Z';
}
