import { TranscriptEntry, voiceMessages } from '@app/contracts';

/**
 * The candidate answered aloud, but the recogniser found no word in any answer (and nothing was
 * typed): the call is reported as unheard, scores nothing, and is not charged (the refund rule).
 */
export function nothingHeard(transcript: TranscriptEntry[]): boolean {
  const answers = transcript.filter((entry) => entry.role === 'user');
  return answers.length > 0 && answers.every((entry) => entry.message === voiceMessages.noWordsRecognised);
}
