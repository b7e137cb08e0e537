/**
 * Word-level edit distance between what was said and what was heard, both as arrays of normalised
 * words: substitutions, insertions and deletions, and the reference's length (word error rate =
 * errors / words).
 */
export function wordErrors(reference, heard) {
  let row = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const next = [i];
    for (let j = 1; j <= heard.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (reference[i - 1] === heard[j - 1] ? 0 : 1));
    row = next;
  }
  return { errors: row[heard.length], words: reference.length };
}
