import unhomoglyph from 'unhomoglyph';

/**
 * A company name's look: its UTS #39 skeleton (each character replaced by the one it is confusable
 * with, from Unicode's confusables data: Cyrillic о → o, 1 → l, rn → m, …), compared without case
 * or spacing. "Goog1e" and "Gооgle" (Cyrillic о) both look like "Google".
 */
export function lookOf(name: string): string {
  const once = unhomoglyph(name.normalize('NFKC')).toLowerCase();
  return unhomoglyph(once).replace(/\s+/g, ' ').trim();
}

const scripts = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Cherokee',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
];
const scriptTests = scripts.map((script) => ({ script, test: new RegExp(`\\p{Script=${script}}`, 'u') }));
/** Combinations people really write (UTS #39 "highly restrictive"): Latin with Japanese, Chinese or Korean. */
const allowedMixes = [new Set(['Latin', 'Han', 'Hiragana', 'Katakana']), new Set(['Latin', 'Han', 'Bopomofo']), new Set(['Latin', 'Han', 'Hangul'])];

/** True when the name's letters come from scripts that are not written together, the usual disguise (Latin with Cyrillic). */
export function mixesScripts(name: string): boolean {
  const used = new Set<string>();
  for (const char of name) {
    if (!/\p{L}/u.test(char)) continue;
    const found = scriptTests.find((s) => s.test.test(char));
    if (found) used.add(found.script);
  }
  if (used.size <= 1) return false;
  return !allowedMixes.some((allowed) => [...used].every((script) => allowed.has(script)));
}
