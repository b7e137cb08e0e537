import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// The voice service's own WAV writer: the file Chromium plays is the format the agent reads.
import { pcmToWav } from '../../../services/voice/src/agent/wav';

/**
 * A fake microphone for Chromium (--use-file-for-fake-audio-capture): `seconds` of random room
 * noise at most `amplitude` / 2 (16-bit), as a 16 kHz mono WAV in a temporary folder that
 * removeMicrophone deletes once the browser has closed.
 */
export function roomNoiseMicrophone({ seconds, amplitude, name }: { seconds: number; amplitude: number; name: string }): string {
  const rate = 16_000;
  const pcm = Buffer.alloc(rate * seconds * 2);
  for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round((Math.random() - 0.5) * amplitude), i * 2);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ai-mocks-mic-')), `${name}.wav`);
  writeFileSync(file, pcmToWav(pcm, rate));
  return file;
}

/** Deletes a fake microphone's temporary folder (minutes of audio: megabytes a run would leave in /tmp). */
export function removeMicrophone(file: string): void {
  rmSync(path.dirname(file), { recursive: true, force: true });
}
