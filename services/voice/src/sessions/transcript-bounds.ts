import { limits, TranscriptEntry } from '@app/contracts';

/** One turn of a transcript: the contract's bound on any text. */
export const turnMaxChars: number = limits.textMax;
/**
 * A whole transcript: twelve turns at their bound. A 20-minute call is about 3,000 spoken words
 * (some 18,000 characters) on both sides, so only a flood reaches it.
 */
export const transcriptMaxChars = 12 * turnMaxChars;

const cutMark = ' […cut: the transcript keeps at most';

/** A turn longer than the bound is cut, and says so (speech cannot be refused after the fact). */
export function boundTurn(message: string, max = turnMaxChars): string {
  if (message.length <= max) return message;
  const mark = `${cutMark} ${max.toLocaleString('en')} characters of it]`;
  return message.slice(0, Math.max(0, max - mark.length)) + mark;
}

/** Every turn bounded, and the whole transcript too: turns past the session's cap are dropped, the one that crosses it cut. */
export function boundTranscript(entries: TranscriptEntry[]): TranscriptEntry[] {
  const kept: TranscriptEntry[] = [];
  let room = transcriptMaxChars;
  for (const entry of entries) {
    if (room <= cutMark.length + 40) break;
    const message = boundTurn(entry.message, Math.min(turnMaxChars, room));
    kept.push({ ...entry, message });
    room -= message.length;
  }
  return kept;
}
