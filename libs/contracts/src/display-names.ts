/**
 * Names other people read (usernames, full names on comments and notifications): nobody may pass
 * for Thunderprep's staff by their name, nor for another member with look-alike letters. Moderators
 * are marked by the app from their role (a badge), never by what they call themselves.
 */

/**
 * Letters of other scripts drawn like Latin ones, as Unicode TR39's confusables list has them
 * (Cyrillic, Greek and a few Latin variants), and the Latin capital I drawn like a small l.
 */
// prettier-ignore
const confusables: Record<string, string> = {
  // Cyrillic
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ү: 'y',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ү: 'Y', І: 'l', Ӏ: 'l', Ј: 'J', Ѕ: 'S', Ԛ: 'Q', Ԝ: 'W',
  // Greek
  α: 'a', ο: 'o', ρ: 'p', ν: 'v', υ: 'u', ι: 'i', κ: 'k', χ: 'x', γ: 'y', ϲ: 'c', ϳ: 'j', η: 'n', ω: 'w',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'l', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C', Ϳ: 'J',
  // Latin look-alikes
  ɑ: 'a', ɡ: 'g', ı: 'i', ɩ: 'i', ǀ: 'l', I: 'l',
};

/**
 * What a name looks like, for uniqueness (a TR39-style skeleton): compatibility forms folded (NFKC:
 * full-width and ligature letters), look-alike letters mapped to the Latin ones, lower case, accents
 * and invisible characters dropped. "аlice" with a Cyrillic а, "ALICE" and "alíce" all give "alice".
 */
export function nameSkeleton(name: string): string {
  const mapped = Array.from(name.normalize('NFKC'), (ch) => confusables[ch] ?? ch).join('');
  return mapped
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '')
    .normalize('NFC');
}

/** Words anywhere in a name (also run together with others) that claim to speak for the product. */
const reservedAnywhere = ['thunderprep', 'moderator', 'administrator'];
/** Words that claim a role when they stand on their own in a name ("Support", "jane.admin"). */
const reservedWords = ['admin', 'mod', 'mods', 'team', 'support', 'staff', 'official', 'system', 'root', 'security', 'helpdesk'];
/** Digits and signs written for letters ("m0derat0r", "@dmin"), undone for the reserved-word check only. */
const leet: Record<string, string> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** Capital I and small l look alike (the skeleton writes both as l): words are compared with both as i. */
const iForL = (text: string) => text.replace(/l/g, 'i');

/** The reserved word a name uses, if any, as the message names it. */
export function reservedWordIn(name: string): string | undefined {
  const folded = iForL(Array.from(nameSkeleton(name), (ch) => leet[ch] ?? ch).join(''));
  const letters = folded.replace(/[^\p{L}]/gu, '');
  return reservedAnywhere.find((word) => letters.includes(iForL(word))) ?? reservedWords.find((word) => folded.split(/[^\p{L}]+/u).includes(iForL(word)));
}

export const displayNameMessages = {
  reservedUsername: (word: string) => `Usernames cannot use "${word}": it is kept for Thunderprep's own accounts, whose posts the app marks`,
  reservedFullName: (word: string) => `A name cannot use "${word}": it is kept for Thunderprep's own accounts, whose posts the app marks`,
  usernameTaken: 'Username is already taken',
} as const;
