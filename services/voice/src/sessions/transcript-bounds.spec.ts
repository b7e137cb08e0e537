import { TranscriptEntry } from '@app/contracts';
import { boundTranscript, boundTurn, transcriptMaxChars, turnMaxChars } from './transcript-bounds';

describe('transcript bounds', () => {
  it('keeps a turn up to 5,000 characters whole and cuts a longer one, saying so', () => {
    expect(boundTurn('a'.repeat(turnMaxChars))).toBe('a'.repeat(turnMaxChars));
    const cut = boundTurn('b'.repeat(1_000_000));
    expect(cut).toHaveLength(turnMaxChars);
    expect(cut).toMatch(/^b+ \[…cut: the transcript keeps at most 5,000 characters of it\]$/);
  });

  it('keeps a whole transcript within its cap, the turn that crosses it cut and the rest dropped', () => {
    const entries: TranscriptEntry[] = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 ? 'user' : 'agent',
      message: 'c'.repeat(4_100),
      time_in_call_secs: i,
    }));
    const kept = boundTranscript(entries);
    const total = kept.reduce((sum, e) => sum + e.message.length, 0);
    expect(total).toBeLessThanOrEqual(transcriptMaxChars);
    expect(kept).toHaveLength(15);
    expect(kept.slice(0, 14).every((e) => e.message.length === 4_100)).toBe(true);
    expect(kept[14].message).toMatch(/cut: the transcript keeps at most/);
    expect(boundTranscript(entries.slice(0, 3))).toEqual(entries.slice(0, 3));
  });
});
